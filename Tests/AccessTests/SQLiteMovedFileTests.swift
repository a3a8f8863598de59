import Access
import Foundation
import SQLiteAdaptor
import Testing

/// A SQLite file deleted, or replaced by another renamed over it, while d2t has it open:
/// a write says so, not "attempt to write a readonly database".
@Suite struct SQLiteMovedFileTests {
  static func openNotes() throws -> (path: String, database: Database) {
    let path = TestServer.sqlitePath()
    try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
      .executeScript("CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    return (path, try Database(adaptor: SQLiteAdaptor(path: path)))
  }

  static func write(_ database: Database) -> DatabaseError? {
    do {
      _ = try database.withChannel { try $0.execute(SQLStatement("INSERT INTO note (body) VALUES ('x')")) }
      return nil
    } catch {
      return error as? DatabaseError
    }
  }

  @Test func aDeletedFileIsReportedAsDeleted() throws {
    let (path, database) = try Self.openNotes()
    #expect(Self.write(database) == nil)
    try FileManager.default.removeItem(atPath: path)
    let error = try #require(Self.write(database))
    #expect(
      error.message == "the database file \(path) was deleted while d2t had it open; nothing more can be saved to it")
    #expect(error.kind == .connectionLost)
  }

  @Test func aFileRenamedOverIsReportedAsReplaced() throws {
    let (path, database) = try Self.openNotes()
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(Self.write(database) == nil)
    let other = TestServer.sqlitePath()
    try SQLiteAdaptor(path: other, createIfMissing: true).openChannel()
      .executeScript("CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
    #expect(rename(other, path) == 0)
    let error = try #require(Self.write(database))
    #expect(error.message.hasPrefix("the database file \(path) was replaced by another file while d2t had it open"))
    #expect(!error.message.contains("readonly"))
  }
}
