import Foundation
import Logging
import Synchronization

/// Every statement d2t sends, with parameters (passwords redacted) and duration.
///
/// Statements go to swift-log under the label `d2t.sql` (enable with
/// `D2T_LOGLEVEL=info`, or `trace` for row counts too), and the last `capacity` entries stay
/// in memory for the debug overlay.
public final class SQLLog: Sendable {
  /// One logged statement.
  public struct Entry: Hashable, Sendable {
    public var sql: String
    public var bindings: [String]
    public var duration: Duration
    public var rowCount: Int?
    public var error: String?
    public var date: Date
  }

  /// The kept entries and how many were recorded in all.
  private let entries = Mutex<(list: [Entry], recorded: Int)>(([], 0))
  private let notices = Mutex<[String]>([])
  private let capacity: Int
  private let logger: Logger

  public init(capacity: Int = 300, logger: Logger = SQLLog.defaultLogger()) {
    self.capacity = max(1, capacity)
    self.logger = logger
  }

  /// A logger labelled `d2t.sql` whose level comes from `D2T_LOGLEVEL` (default: error).
  public static func defaultLogger() -> Logger {
    var logger = Logger(label: "d2t.sql")
    let level = ProcessInfo.processInfo.environment["D2T_LOGLEVEL"].flatMap {
      Logger.Level(rawValue: $0.lowercased())
    }
    logger.logLevel = level ?? .error
    return logger
  }

  /// Records a finished statement.
  public func record(
    _ statement: SQLStatement, duration: Duration, rowCount: Int? = nil, error: String? = nil
  ) {
    let bindings = statement.loggedBindings
    let entry = Entry(
      sql: statement.loggedSQL, bindings: Self.kept(bindings), duration: duration,
      rowCount: rowCount, error: error, date: Date())
    entries.withLock { entries in
      entries.list.append(entry)
      entries.recorded += 1
      if entries.list.count > capacity { entries.list.removeFirst(entries.list.count - capacity) }
    }
    // Every branch below logs at info or finer: nothing to build for a coarser level.
    guard logger.logLevel <= .info else { return }
    let millis =
      Double(duration.components.attoseconds) / 1e15
      + Double(duration.components.seconds) * 1000
    var message = "\(statement.loggedSQL)"
    if !bindings.isEmpty { message += " [" + bindings.joined(separator: ", ") + "]" }
    message += String(format: " (%.3f ms)", millis)
    if let error {
      logger.info("\(message) failed: \(error)")
    } else if let rowCount, logger.logLevel <= .trace {
      logger.trace("\(message) \(rowCount) rows")
    } else {
      logger.info("\(message)")
    }
  }

  /// An entry in memory keeps this many parameters (the log file has them all): a follow
  /// check binds the keys of every row on screen, and 300 of those grew a long session.
  static let keptBindings = 20

  static func kept(_ bindings: [String]) -> [String] {
    guard bindings.count > keptBindings else { return bindings }
    return Array(bindings.prefix(keptBindings)) + ["… \(bindings.count - keptBindings) more"]
  }

  /// Records a message the server sent (a PostgreSQL NOTICE), never printed to the terminal.
  public func notice(_ message: String) {
    notices.withLock { list in
      list.append(message)
      if list.count > capacity { list.removeFirst(list.count - capacity) }
    }
    logger.notice("\(message)")
  }

  /// The most recent server notices, oldest first.
  public func recentNotices() -> [String] {
    notices.withLock { $0 }
  }

  /// The most recent entries, oldest first.
  public func recent(_ count: Int = .max) -> [Entry] {
    entries.withLock { Array($0.list.suffix(count)) }
  }

  /// The entries recorded after the first `seen` (those still kept), and how many were
  /// recorded in all: a reader that passes that number next time reads each entry once, so
  /// it keeps what it needs and the log need not keep more than a reader's gap.
  public func entries(after seen: Int) -> (entries: [Entry], recorded: Int) {
    entries.withLock { entries in
      let fresh = min(entries.list.count, max(0, entries.recorded - seen))
      return (Array(entries.list.suffix(fresh)), entries.recorded)
    }
  }

  /// Times `body`, then records the statement with its outcome.
  @discardableResult
  public func measure<T>(
    _ statement: SQLStatement, rowCount: (T) -> Int? = { _ in nil }, _ body: () throws -> T
  ) throws -> T {
    let clock = ContinuousClock()
    let start = clock.now
    do {
      let result = try body()
      record(statement, duration: clock.now - start, rowCount: rowCount(result))
      return result
    } catch {
      record(statement, duration: clock.now - start, error: String(describing: error))
      throw error
    }
  }
}
