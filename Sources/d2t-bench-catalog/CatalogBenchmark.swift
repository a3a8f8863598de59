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
      let channel = try PostgreSQLAdaptor(connectionString: url).openChannel()
      try channel.executeScript("DROP SCHEMA IF EXISTS d2t_bench_catalog CASCADE; CREATE SCHEMA d2t_bench_catalog;"
        + "SET search_path = d2t_bench_catalog;" + schema(postgres: true) + "ANALYZE;")
      defer { try? channel.executeScript("DROP SCHEMA d2t_bench_catalog CASCADE") }
      try measure("PostgreSQL") { PostgreSQLAdaptor(connectionString: url) }
      channel.close()
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
    for _ in 0..<runs {
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
    report("catalog + model", catalog)
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
    print(String(format: "  %-22@ %8.1f ms  %8.1f ms", label as NSString, median, p95))
  }
}
