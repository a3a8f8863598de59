import Foundation
import Synchronization

/// A database whose connection may not be open yet (the second connection of
/// `Database.opening`): it begins opening on another thread when asked (`begin()`), and
/// the first work that needs it waits for it then, off the UI thread (beginning it if
/// nobody has).
///
///     let (pages, counts) = try Database.opening(adaptor, withSecond: readOnlyAdaptor)
///     counts.begin()
///     DispatchQueue.global().async { let db = try? counts.database() }
public final class PendingDatabase: Sendable {
  private let opening: Mutex<(@Sendable () throws -> Database)?>
  private let beginning: @Sendable () -> Void
  private let begun = Mutex(false)
  private let result = Mutex<Result<Database, any Error>?>(nil)
  /// Held by the one caller that waits for the opening (`result` is not, so that `opened`
  /// never waits).
  private let waiting = NSLock()

  /// A database already open.
  public init(_ database: Database) {
    opening = Mutex(nil)
    beginning = {}
    result.withLock { $0 = .success(database) }
  }

  /// A database that `open` gives once its connection is in (`open` waits for it; it runs
  /// once, on the first call of `database()`); `begin` starts the connection's opening
  /// without waiting for it.
  public init(begin: @escaping @Sendable () -> Void = {}, _ open: @escaping @Sendable () throws -> Database) {
    opening = Mutex(open)
    beginning = begin
  }

  /// Starts opening the connection on another thread, without waiting (once).
  public func begin() {
    let first = begun.withLock { begun in
      defer { begun = true }
      return !begun
    }
    if first { beginning() }
  }

  /// The database, waiting for its connection if it is still opening; throws why it could
  /// not open.
  public func database() throws -> Database {
    if let known = result.withLock({ $0 }) { return try known.get() }
    begin()
    waiting.lock()
    defer { waiting.unlock() }
    if let known = result.withLock({ $0 }) { return try known.get() }
    let open = opening.withLock { open in
      defer { open = nil }
      return open
    }
    let outcome = Result { () throws -> Database in
      guard let open else { throw FetchError("the connection did not open") }
      return try open()
    }
    result.withLock { $0 = outcome }
    return try outcome.get()
  }

  /// The database if its connection is open (or has failed: nil), without waiting.
  public var opened: Database? {
    result.withLock { try? $0?.get() }
  }

  /// Closes the connection: now if it is open, else once it is, on another thread (nobody
  /// waits for it); one that never began is not opened.
  public func close() {
    if let known = result.withLock({ $0 }) {
      (try? known.get())?.close()
      return
    }
    // Marked begun, so that nothing opens it afterwards.
    let wasBegun = begun.withLock { begun in
      defer { begun = true }
      return begun
    }
    guard wasBegun else {
      opening.withLock { $0 = nil }
      return
    }
    Thread { [self] in (try? database())?.close() }.start()
  }
}
