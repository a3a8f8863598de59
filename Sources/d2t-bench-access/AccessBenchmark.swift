import Access
import Foundation
import PostgreSQLAdaptor
import Qualifiers
import SQLiteAdaptor

/// Pages of a generated 1,000,000-row table on SQLite and PostgreSQL: first page, last
/// page, a page 500,000 rows in reached by keyset, the same sorted by an indexed text
/// column, and peak memory. `swift run -c release d2t-bench-access [POSTGRES_URL]`.
@main
enum AccessBenchmark {
  static let rows = 1_000_000
  static let runs = 30

  static func main() throws {
    let arguments = CommandLine.arguments.dropFirst()
    let path = NSTemporaryDirectory() + "d2t-bench-\(getpid()).sqlite"
    defer { try? FileManager.default.removeItem(atPath: path) }
    let sqlite = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
    try sqlite.executeScript(createSQLite)
    sqlite.close()
    try measure("SQLite", Database(adaptor: SQLiteAdaptor(path: path)))
    if let url = arguments.first ?? ProcessInfo.processInfo.environment["D2T_TEST_POSTGRES_URL"] {
      let channel = try PostgreSQLAdaptor(connectionString: url).openChannel()
      try channel.executeScript(createPostgres)
      channel.close()
      let db = try Database(adaptor: PostgreSQLAdaptor(connectionString: url))
      try measure("PostgreSQL", db)
      try db.withChannel { try $0.executeScript("DROP TABLE d2t_bench") }
    } else {
      print("PostgreSQL: skipped (pass a URL or set D2T_TEST_POSTGRES_URL)")
    }
    print(String(format: "peak memory (max RSS): %.1f MB", peakMemoryMB()))
  }

  static func measure(_ name: String, _ db: Database) throws {
    let count = try db.count(FetchSpecification(entityName: "D2tBench"))
    print("\(name): \(count) rows, page of 50, median / p95 of \(runs) runs")
    var byID = FetchSpecification(entityName: "D2tBench", keyPaths: ["name", "amount", "created"], limit: 50)
    report("first page", try time(db, byID))
    byID.position = .end
    report("last page", try time(db, byID))
    byID.position = .after([.integer(500_000)])
    report("page at row 500,000 (keyset)", try time(db, byID))
    var byName = byID
    byName.sortOrderings = [SortOrdering("name")]
    byName.position = .start
    report("first page by name", try time(db, byName))
    byName.position = .end
    report("last page by name", try time(db, byName))
    byName.position = .after([.text("name 0500000"), .integer(500_000)])
    report("page at row 500,000 by name", try time(db, byName))
    try measureCursor(db)
  }

  /// The SQL console's case: `select * from` the whole table through a cursor — the first
  /// 100 rows (open + one batch + close), then every row in batches of 1000 (memory must
  /// stay flat: see the peak printed at the end).
  static func measureCursor(_ db: Database) throws {
    let channel = try db.adaptor.openChannel()
    defer { channel.close() }
    let statement = SQLStatement("SELECT * FROM d2t_bench ORDER BY id")
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<runs {
      let start = clock.now
      let cursor = try channel.openCursor(statement, mode: .readOnly)
      let first = try cursor.next(100)
      precondition(first.count == 100, "a first batch")
      cursor.close()
      samples.append(milliseconds(clock.now - start))
    }
    report("cursor: first 100 of select *", samples.sorted())
    let start = clock.now
    let cursor = try channel.openCursor(statement, mode: .readOnly)
    var total = 0
    while case let rows = try cursor.next(1000), !rows.isEmpty { total += rows.count }
    cursor.close()
    precondition(total == rows, "every row")
    print(
      "cursor: all \(total) rows".padding(toLength: 30, withPad: " ", startingAt: 0)
        + String(format: "  %7.0f ms", milliseconds(clock.now - start)))
  }

  static func milliseconds(_ elapsed: Duration) -> Double {
    Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3
  }

  static func time(_ db: Database, _ spec: FetchSpecification) throws -> [Double] {
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<runs {
      let start = clock.now
      let result = try db.fetch(spec)
      let elapsed = clock.now - start
      precondition(result.rows.count == 50, "a full page")
      samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
    }
    return samples.sorted()
  }

  static func report(_ label: String, _ samples: [Double]) {
    let median = samples[samples.count / 2]
    let p95 = samples[min(samples.count - 1, samples.count * 95 / 100)]
    let padded = label.padding(toLength: 30, withPad: " ", startingAt: 0)
    print(padded + String(format: "  %7.3f ms  %7.3f ms", median, p95))
  }

  static func peakMemoryMB() -> Double {
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
  }

  static let createSQLite = """
    CREATE TABLE d2t_bench (id INTEGER PRIMARY KEY, name VARCHAR(40) NOT NULL,
      amount DECIMAL(8,2), created TIMESTAMP);
    INSERT INTO d2t_bench WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(rows))
      SELECT i, 'name ' || substr('0000000' || i, -7, 7), (i % 10000) / 100.0,
        '2005-05-24 22:53:30' FROM n;
    CREATE INDEX d2t_bench_name ON d2t_bench (name, id);
    ANALYZE;
    """

  static let createPostgres = """
    DROP TABLE IF EXISTS d2t_bench;
    CREATE TABLE d2t_bench (id integer PRIMARY KEY, name varchar(40) NOT NULL,
      amount numeric(8,2), created timestamp);
    INSERT INTO d2t_bench SELECT i, 'name ' || lpad(i::text, 7, '0'), (i % 10000) / 100.0,
      timestamp '2005-05-24 22:53:30' FROM generate_series(1, \(rows)) AS i;
    CREATE INDEX d2t_bench_name ON d2t_bench (name, id);
    ANALYZE d2t_bench;
    """
}
