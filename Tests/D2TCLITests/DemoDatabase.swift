import Access
import Foundation
import SQLiteAdaptor
import Testing

/// The DVD Rental demo as `d2t sakila create` writes it, in a temporary directory the
/// test removes afterwards.
struct DemoDatabase {
  let directory: TemporaryDirectory
  var path: String { directory.url.appendingPathComponent("sakila.sqlite").path }

  init() throws {
    directory = try TemporaryDirectory()
    let created = try D2TProcess.run(["sakila", "create", path])
    try #require(created.status == 0, "d2t sakila create failed: \(created.stderr)")
  }

  func remove() {
    directory.remove()
  }

  /// Reads one row with the data access layer, to compare with what `d2t` prints.
  func row(of entity: String, key: [String: DatabaseValue]) throws -> Row? {
    let database = try Database(adaptor: SQLiteAdaptor(path: path, readOnly: true))
    defer { database.close() }
    return try database.row(of: entity, key: key)
  }

  /// The first row of a table, by SQL.
  func firstRow(_ sql: String) throws -> Row? {
    let database = try Database(adaptor: SQLiteAdaptor(path: path, readOnly: true))
    defer { database.close() }
    return try database.withChannel { try $0.query(SQLStatement(sql)).first }
  }
}
