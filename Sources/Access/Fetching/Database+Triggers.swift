extension Database {
  /// The names of the row triggers that run before an `INSERT` into `entity`'s table and
  /// may fill its columns (PostgreSQL, MySQL: `NEW.column := …`): a NOT NULL column with no
  /// default is then not necessarily the writer's to give. Empty on SQLite, whose BEFORE
  /// triggers cannot change the row.
  public func insertTriggers(of entity: Entity) throws -> [String] {
    let statement: SQLStatement
    switch dialect {
    case .sqlite:
      return []
    case .postgresql:
      // tgtype bits: 1 row, 2 before, 4 insert.
      statement = SQLStatement(
        "SELECT tgname::text FROM pg_trigger WHERE tgrelid = to_regclass($1) AND NOT tgisinternal "
          + "AND tgtype & 7 = 7 ORDER BY tgname",
        [.text(dialect.quote(table: entity.table, schema: entity.schema))])
    case .mysql:
      statement = SQLStatement(
        "SELECT TRIGGER_NAME FROM information_schema.TRIGGERS WHERE EVENT_OBJECT_SCHEMA = "
          + "COALESCE(?, DATABASE()) AND EVENT_OBJECT_TABLE = ? AND ACTION_TIMING = 'BEFORE' "
          + "AND EVENT_MANIPULATION = 'INSERT' ORDER BY TRIGGER_NAME",
        [entity.schema.map(DatabaseValue.text) ?? .null, .text(entity.table)])
    }
    return try withChannel { try $0.query(statement) }.compactMap { $0.values.first?.stringValue }
  }
}
