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
    try channel.inTransaction {
      if dialect == .sqlite { try channel.executeScript("PRAGMA defer_foreign_keys = ON") }
      try channel.executeScript(script.preData)
      for table in SakilaTable.tables(for: dialect) {
        let sql = table.insertSQL(for: dialect)
        let total = generator.rowCount(of: table)
        var done = 0
        try generator.generate(table, dialect: dialect, batchSize: batchSize) { rows in
          try channel.executeBatch(sql, rows: rows)
          done += rows.count
          progress?(table, done, total)
        }
      }
      try channel.executeScript(script.postData)
    }
  }

  /// Drops the Sakila tables, views, functions and types (PostgreSQL), so `load` can
  /// run again. A SQLite demo is rebuilt as a new file instead.
  public static func dropSakila(in channel: any AdaptorChannel) throws {
    guard channel.dialect == .postgresql else {
      throw DatabaseError(.statement, "dropping Sakila is only needed on PostgreSQL")
    }
    try channel.executeScript(SakilaSchema.postgresDropScript)
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
    }
    let rows = try channel.query(SQLStatement(sql))
    return Int(rows.first?[0].int64Value ?? 0)
  }
}
