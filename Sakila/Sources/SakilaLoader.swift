import Access

/// Creates the Sakila schema and fills it with generated rows through any adaptor channel.
public struct SakilaLoader: Sendable {
  /// Called after each batch: the table, rows written so far and the table's total.
  public typealias Progress = (SakilaTable, Int, Int) -> Void

  public let generator: SakilaGenerator
  public var batchSize: Int

  public init(generator: SakilaGenerator, batchSize: Int = 1000) {
    self.generator = generator
    self.batchSize = batchSize
  }

  /// Runs the DDL, inserts every table and builds keys and indexes, in one transaction:
  /// on failure the database is left as it was.
  ///
  /// SQLite checks the foreign keys (staff ↔ store included) at commit, through
  /// `PRAGMA defer_foreign_keys`; PostgreSQL adds them after the data, as pg_dump does.
  public func load(into channel: any AdaptorChannel, progress: Progress? = nil) throws {
    let dialect = channel.dialect
    let script = SakilaSchema.parts(for: dialect)
    // InnoDB checks every foreign key at once (staff <-> store form a cycle): off while
    // loading, on again after, on this connection only. MySQL commits DDL as it runs it.
    if dialect == .mysql { try channel.executeScript("SET FOREIGN_KEY_CHECKS = 0") }
    defer { if dialect == .mysql { try? channel.executeScript("SET FOREIGN_KEY_CHECKS = 1") } }
    try channel.inTransaction {
      if dialect == .sqlite { try channel.executeScript("PRAGMA defer_foreign_keys = ON") }
      try channel.executeScript(script.preData)
      for table in SakilaTable.tables(for: dialect) {
        let insert = MultiRowInsert(table: table, dialect: dialect)
        let total = generator.rowCount(of: table)
        var done = 0
        try generator.generate(table, dialect: dialect, batchSize: batchSize) { rows in
          try insert.run(rows, on: channel)
          done += rows.count
          progress?(table, done, total)
        }
      }
      try channel.executeScript(script.postData)
    }
  }

  /// Inserts many rows per statement on PostgreSQL (one network round trip per hundred
  /// rows instead of per row); one row per statement on SQLite, where that is fastest.
  struct MultiRowInsert {
    let table: SakilaTable
    let dialect: SQLDialect
    let rowsPerStatement: Int
    let sql: String

    init(table: SakilaTable, dialect: SQLDialect) {
      self.table = table
      self.dialect = dialect
      rowsPerStatement = dialect == .sqlite ? 1 : 100
      sql = table.insertSQL(for: dialect, rowCount: rowsPerStatement)
    }

    func run(_ rows: [[DatabaseValue]], on channel: any AdaptorChannel) throws {
      guard rowsPerStatement > 1 else { return try channel.executeBatch(sql, rows: rows) }
      let whole = rows.count / rowsPerStatement * rowsPerStatement
      let groups = stride(from: 0, to: whole, by: rowsPerStatement).map { start in
        Array(rows[start..<start + rowsPerStatement].joined())
      }
      if !groups.isEmpty { try channel.executeBatch(sql, rows: groups) }
      if whole < rows.count {
        try channel.executeBatch(
          table.insertSQL(for: dialect, rowCount: rows.count - whole),
          rows: [Array(rows[whole...].joined())])
      }
    }
  }

  /// Drops the Sakila tables, views, functions and types (PostgreSQL, MySQL), so `load` can
  /// run again. A SQLite demo is rebuilt as a new file instead.
  public static func dropSakila(in channel: any AdaptorChannel) throws {
    switch channel.dialect {
    case .sqlite: throw DatabaseError(.statement, "dropping Sakila is only needed on PostgreSQL and MySQL")
    case .postgresql: try channel.executeScript(SakilaSchema.postgresDropScript)
    case .mysql: try channel.executeScript(SakilaSchema.mysqlDropScript)
    }
  }

  /// How many tables the database already has, outside the system schemas.
  public static func userTableCount(in channel: any AdaptorChannel) throws -> Int {
    let sql: String
    switch channel.dialect {
    case .sqlite:
      sql = "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    case .postgresql:
      sql = """
        SELECT count(*) FROM information_schema.tables
        WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
        """
    case .mysql:
      sql =
        "SELECT count(*) FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema = DATABASE()"
    }
    let rows = try channel.query(SQLStatement(sql))
    return Int(rows.first?[0].int64Value ?? 0)
  }
}
