import Access
import Foundation

/// Opens SQLite database files through libsqlite3.
///
///     let adaptor = SQLiteAdaptor(path: "sakila.db")
///     let channel = try adaptor.openChannel()
///
/// A missing file is an error unless `createIfMissing` is set: d2t never creates an empty
/// database by accident.
public struct SQLiteAdaptor: FileAdaptor {
  public let path: String
  public let createIfMissing: Bool
  public let readOnly: Bool
  public let log: SQLLog
  /// The connection's page cache in kilobytes (`PRAGMA cache_size`); nil keeps SQLite's
  /// 2 MB. A connection that only scans (counts, whole-column summaries) gains nothing from
  /// a big one: the pages it reads once stay in the kernel's cache anyway.
  public let pageCacheKilobytes: Int?

  public init(
    path: String, createIfMissing: Bool = false, readOnly: Bool = false, log: SQLLog = SQLLog(),
    pageCacheKilobytes: Int? = nil
  ) {
    self.path = path
    self.createIfMissing = createIfMissing
    self.readOnly = readOnly
    self.log = log
    self.pageCacheKilobytes = pageCacheKilobytes
  }

  public var dialect: SQLDialect { .sqlite }

  public var displayName: String { "SQLite " + path }

  /// `SQLite /absolute/path.db`, symbolic links resolved.
  public var connectionID: String {
    guard !path.hasPrefix("file:"), path != ":memory:" else { return "SQLite " + path }
    return "SQLite " + URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }

  /// The file with its `-wal`, where another connection's commit shows (a rollback
  /// journal's commit writes the file itself).
  public var databaseFiles: [String] {
    guard !path.hasPrefix("file:"), path != ":memory:" else { return [] }
    let file = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
    return [file, file + "-wal"]
  }

  public func openChannel() throws -> any AdaptorChannel {
    try SQLiteChannel(
      path: path, createIfMissing: createIfMissing, readOnly: readOnly, log: log,
      pageCacheKilobytes: pageCacheKilobytes)
  }
}
