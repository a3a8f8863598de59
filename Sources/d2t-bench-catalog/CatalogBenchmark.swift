import Access
import DirectToTerminal
import Foundation
import PostgreSQLAdaptor
import SQLiteAdaptor
import TerminalCore
import Theming

/// A catalog of 2,000 tables (each with a key, three columns and a foreign key to the one
/// before) on SQLite and PostgreSQL: the time to read the catalog and build the model
/// (`Database(adaptor:)`), and from there to the first screen drawn (the entity list at
/// 120×40, before any count arrives). `swift run -c release d2t-bench-catalog [POSTGRES_URL]`.
@main
enum CatalogBenchmark {
  static let tables = 2_000
  static let runs = 15

  static func main() throws {
    let arguments = CommandLine.arguments.dropFirst()
    let path = NSTemporaryDirectory() + "d2t-bench-catalog-\(getpid()).sqlite"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let sqlite = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
    try sqlite.executeScript("BEGIN;\n" + schema(postgres: false) + "COMMIT;")
    sqlite.close()
    try measure("SQLite") { SQLiteAdaptor(path: path) }
    if let url = arguments.first ?? ProcessInfo.processInfo.environment["D2T_TEST_POSTGRES_URL"] {
      // A database of its own: 2,000 tables in one transaction exceed the lock table, and
      // DROP DATABASE takes them all away at once.
      let name = "d2t_bench_catalog_\(getpid())"
      guard var components = URLComponents(string: url) else { throw BenchError("not a URL: \(url)") }
      components.path = "/" + name
      guard let databaseURL = components.string else { throw BenchError("cannot name \(name) in \(url)") }
      let admin = try PostgreSQLAdaptor(connectionString: url).openChannel()
      try admin.executeScript("CREATE DATABASE \(name)")
      defer {
        try? admin.executeScript("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        admin.close()
      }
      let channel = try PostgreSQLAdaptor(connectionString: databaseURL).openChannel()
      let statements = schema(postgres: true).split(separator: "\n")
      for start in stride(from: 0, to: statements.count, by: 100) {
        try channel.executeScript(statements[start..<min(start + 100, statements.count)].joined(separator: "\n"))
      }
      try channel.executeScript("ANALYZE")
      channel.close()
      try measure("PostgreSQL") { PostgreSQLAdaptor(connectionString: databaseURL) }
    } else {
      print("PostgreSQL: skipped (pass a URL or set D2T_TEST_POSTGRES_URL)")
    }
  }

  /// `t0001` … `t2000`: id, name, amount, created, and `prev_id` → the table before.
  static func schema(postgres: Bool) -> String {
    (1...tables).map { i in
      let name = String(format: "t%04d", i)
      let reference = i > 1 ? ", prev_id integer REFERENCES " + String(format: "t%04d", i - 1) + " (id)" : ""
      return "CREATE TABLE \(name) (id integer PRIMARY KEY, name text NOT NULL, amount numeric(10,2),"
        + " created \(postgres ? "timestamptz" : "TEXT")\(reference));\n"
    }.joined()
  }

  static func measure(_ label: String, _ adaptor: () -> any Adaptor) throws {
    var catalog: [Double] = []
    var firstScreen: [Double] = []
    var total: [Double] = []
    var read: [Double] = []
    var build: [Double] = []
    for _ in 0..<runs {
      let channel = try adaptor().openChannel()
      let readStart = ContinuousClock.now
      let tables = try channel.readCatalog()
      let readEnd = ContinuousClock.now
      _ = ModelBuilder.model(from: tables)
      build.append(milliseconds(ContinuousClock.now - readEnd))
      read.append(milliseconds(readEnd - readStart))
      channel.close()
      let start = ContinuousClock.now
      let database = try Database(adaptor: adaptor())
      let opened = ContinuousClock.now
      var app = D2TApp(D2TConfiguration(database: database, ruleFiles: [], theme: .builtinDefault))
      let backend = TestBackend(size: Size(width: 120, height: 40))
      let terminal = Terminal(backend: backend)
      app.setScreenSize(backend.size)
      terminal.draw { app.view(into: &$0) }
      let drawn = ContinuousClock.now
      guard backend.buffer.lines.contains(where: { $0.contains("T0001") || $0.contains("T 0001") }) else {
        print("\(label): the first screen does not list the tables:\n" + backend.buffer.lines.joined(separator: "\n"))
        exit(1)
      }
      catalog.append(milliseconds(opened - start))
      firstScreen.append(milliseconds(drawn - opened))
      total.append(milliseconds(drawn - start))
      app.shutDown()
      database.close()
    }
    print("\(label), \(tables) tables, median / p95 of \(runs) runs:")
    report("connect + catalog + model", catalog)
    report("  catalog queries", read)
    report("  model from catalog", build)
    report("app to first screen", firstScreen)
    report("total", total)
  }

  static func milliseconds(_ elapsed: Duration) -> Double {
    Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
  }

  static func report(_ label: String, _ samples: [Double]) {
    let sorted = samples.sorted()
    let median = sorted[sorted.count / 2]
    let p95 = sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.95))]
    let padded = label.padding(toLength: 26, withPad: " ", startingAt: 0)
    print(padded + String(format: " %8.1f ms  %8.1f ms", median, p95))
  }
}

struct BenchError: Error, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}
