import Access
import Foundation
import MySQLAdaptor
import TestSupport

/// A scratch database on the MariaDB test server holding `HardSchema.sql`: Sakila-shaped
/// tables with a many-to-many, unsigned and exact numbers, `ENUM`/`SET`, `BIT`, `YEAR`,
/// JSON, binary, fractional timestamps, zero dates, a latin1 column under a
/// case-insensitive collation, odd names, a view and a table without a key.
final class MySQLFixture {
  let url: String

  static func open(_ url: String) throws -> any AdaptorChannel {
    try MySQLAdaptor(url: url).openChannel()
  }

  init() throws {
    url = try ScratchMariaDB.create(prefix: "d2t_my")
    do {
      let schema = try String(
        contentsOfFile: Repository.path("Tests/MySQLAdaptorTests/HardSchema.sql"), encoding: .utf8)
      let loader = try Self.open(url)
      defer { loader.close() }
      try loader.executeScript(schema)
    } catch {
      close()
      throw error
    }
  }

  func database(log: SQLLog = SQLLog()) throws -> Database {
    try Database(adaptor: MySQLAdaptor(url: url, log: log))
  }

  func close() {
    ScratchMariaDB.drop(url)
  }
}
