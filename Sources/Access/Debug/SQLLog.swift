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

  private let entries = Mutex<[Entry]>([])
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
    entries.withLock { list in
      list.append(entry)
      if list.count > capacity { list.removeFirst(list.count - capacity) }
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
    entries.withLock { Array($0.suffix(count)) }
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
