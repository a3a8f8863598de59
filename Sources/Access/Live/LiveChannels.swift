/// A channel that can tell cheaply whether anyone else changed the database.
public protocol DataVersionChannel: AdaptorChannel {
  /// SQLite's `PRAGMA data_version`: changes when another connection commits, and only
  /// then; reading it touches no table.
  func dataVersion() throws -> Int64
}

/// An adaptor whose database is local files (SQLite): a write by anyone changes them, so a
/// change can be waited for on the files (inotify) instead of asked for on a timer.
public protocol FileAdaptor: Adaptor {
  /// The absolute paths of the database's files where a commit shows: the file and its
  /// `-wal` (empty for an in-memory database).
  var databaseFiles: [String] { get }
}

/// A channel that can LISTEN for PostgreSQL notifications.
public protocol NotificationChannel: AdaptorChannel {
  /// `LISTEN "name"`; notifications sent after this arrive through `notifications()`.
  func listen(_ name: String) throws
  /// `UNLISTEN "name"`.
  func unlisten(_ name: String) throws
  /// The notifications that arrived, without waiting (reads what the socket holds).
  func notifications() throws -> [DatabaseNotification]
  /// The connection's socket, to wait on with `poll` before calling `notifications()`.
  var socketDescriptor: Int32? { get }
}

/// One `NOTIFY` received.
public struct DatabaseNotification: Hashable, Sendable {
  public var channel: String
  public var payload: String
  /// The server process that sent it (compare with your own to skip your own changes).
  public var processID: Int32

  public init(channel: String, payload: String, processID: Int32) {
    self.channel = channel
    self.payload = payload
    self.processID = processID
  }
}

/// A row's version: its key and PostgreSQL's `xmin` (the transaction that last wrote it).
public struct RowVersion: Hashable, Sendable {
  public var key: [String: DatabaseValue]
  public var version: String

  public init(key: [String: DatabaseValue], version: String) {
    self.key = key
    self.version = version
  }
}
