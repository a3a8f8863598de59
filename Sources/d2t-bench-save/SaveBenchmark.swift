import Access
import Foundation
import MySQLAdaptor
import PostgreSQLAdaptor
import SQLiteAdaptor

/// A save of a parent and 1,000 new children in one transaction, each child taking the
/// parent's generated key (`Change.linked`), as an editor's save of an invoice with its
/// lines does: median of 10 runs on SQLite, PostgreSQL and MariaDB (the last two when
/// `D2T_TEST_POSTGRES_URL` / `D2T_TEST_MARIADB_URL` name a server).
/// `swift run -c release d2t-bench-save`.
@main
enum SaveBenchmark {
  static let lines = 1000
  static let runs = 10

  static func main() throws {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "--batch" { return try BatchBenchmark.run(Array(arguments.dropFirst())) }
    let environment = ProcessInfo.processInfo.environment
    let path = NSTemporaryDirectory() + "d2t-bench-save-\(getpid()).sqlite"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let sqlite = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
    try sqlite.executeScript(
      "CREATE TABLE invoice (id INTEGER PRIMARY KEY, customer TEXT NOT NULL);"
        + "CREATE TABLE invoice_line (id INTEGER PRIMARY KEY, invoice_id INTEGER NOT NULL REFERENCES invoice (id), "
        + "item TEXT NOT NULL, quantity INTEGER NOT NULL)")
    sqlite.close()
    try measure("SQLite", Database(adaptor: SQLiteAdaptor(path: path)))
    if let url = environment["D2T_TEST_POSTGRES_URL"] {
      try onServer("PostgreSQL", key: "SERIAL PRIMARY KEY", text: "TEXT") {
        PostgreSQLAdaptor(connectionString: url)
      }
    } else {
      print("PostgreSQL: skipped (set D2T_TEST_POSTGRES_URL)")
    }
    if let url = environment["D2T_TEST_MARIADB_URL"] {
      try onServer("MariaDB", key: "INTEGER AUTO_INCREMENT PRIMARY KEY", text: "VARCHAR(40)") {
        MySQLAdaptor(url: url)
      }
    } else {
      print("MariaDB: skipped (set D2T_TEST_MARIADB_URL)")
    }
  }

  /// The two tables made on a server (`key`: its generated key column), measured, dropped.
  static func onServer(_ name: String, key: String, text: String, adaptor: () throws -> any Adaptor) throws {
    try Database(adaptor: adaptor()).withChannel {
      try $0.executeScript(
        "DROP TABLE IF EXISTS invoice_line; DROP TABLE IF EXISTS invoice;"
          + "CREATE TABLE invoice (id \(key), customer \(text) NOT NULL);"
          + "CREATE TABLE invoice_line (id \(key), invoice_id INTEGER NOT NULL, item \(text) NOT NULL, "
          + "quantity INTEGER NOT NULL, FOREIGN KEY (invoice_id) REFERENCES invoice (id))")
    }
    // A new connection reads the new tables' catalog.
    let db = try Database(adaptor: adaptor())
    try measure(name, db)
    try db.withChannel { try $0.executeScript("DROP TABLE invoice_line; DROP TABLE invoice") }
  }

  static func measure(_ name: String, _ db: Database) throws {
    let changes: [Change] =
      [.insert(entity: "Invoice", values: ["customer": .text("Ada")])]
      + (1...lines).map { line in
        .linked(
          .insert(entity: "InvoiceLine", values: ["item": .text("item \(line)"), "quantity": .integer(Int64(line))]),
          links: ["invoiceId": Change.Link(change: 0, attribute: "id")])
      }
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<runs {
      let start = clock.now
      let outcomes = try db.apply(changes)
      let elapsed = (clock.now - start).components
      samples.append(Double(elapsed.seconds) * 1000 + Double(elapsed.attoseconds) / 1e15)
      precondition(outcomes.count == lines + 1, "every change applied")
    }
    samples.sort()
    let count = try db.count(FetchSpecification(entityName: "InvoiceLine"))
    precondition(count == lines * runs, "every line stored")
    print(
      String(
        format: "%@: a parent and %d linked lines in one transaction: median %.0f ms (min %.0f, max %.0f)", name,
        lines, samples[samples.count / 2], samples[0], samples[samples.count - 1]))
  }
}
