extension Database {
  /// SQLite's `PRAGMA data_version` — the one statement to run when polling a SQLite pane:
  /// unchanged means no other connection committed, so no query on any table is needed.
  /// nil on PostgreSQL.
  public func dataVersion() throws -> Int64? {
    try withChannel { channel in try (channel as? any DataVersionChannel)?.dataVersion() }
  }

  /// The current versions (PostgreSQL `xmin`) of the rows with these keys — the visible
  /// window of a pane, one small indexed query: a changed version means the row was
  /// updated, a missing key that it was deleted. Empty on SQLite (use `dataVersion`).
  ///
  ///     SELECT "film_id" AS "id", xmin::text AS "xmin" FROM "film" WHERE ("film_id") IN (($1), ($2))
  public func rowVersions(of entityName: String, keys: [[String: DatabaseValue]]) throws -> [RowVersion] {
    guard dialect == .postgresql, !keys.isEmpty else { return [] }
    guard let entity = model[entity: entityName] else {
      throw FetchError("unknown entity '\(entityName)'")
    }
    let keyAttributes = try entity.primaryKey.map { name in
      guard let attribute = entity[attribute: name] else {
        throw FetchError("\(entity.name) has no attribute '\(name)'")
      }
      return attribute
    }
    guard !keyAttributes.isEmpty else {
      throw FetchError("\(entity.name) has no primary key: its rows cannot be followed")
    }
    var bindings: [DatabaseValue] = []
    let tuples = keyTuples(keys, keyAttributes, bindings: &bindings)
    let columns = keyAttributes.map { dialect.quote($0.column) }.joined(separator: ", ")
    let sql =
      "SELECT "
      + keyAttributes.map { dialect.quote($0.column) + " AS " + dialect.quote($0.name) }
      .joined(separator: ", ") + ", xmin::text AS \"xmin\" FROM "
      + dialect.quote(table: entity.table, schema: entity.schema)
      + " WHERE (" + columns + ") IN (" + tuples.joined(separator: ", ") + ")"
    let statement = SQLStatement(
      sql, bindings, resultTypes: keyAttributes.map(\.valueType) + [nil])
    return try withChannel { try $0.query(statement) }.map { row in
      RowVersion(
        key: Dictionary(uniqueKeysWithValues: keyAttributes.map { ($0.name, row[$0.name] ?? .null) }),
        version: row["xmin"]?.stringValue ?? "")
    }
  }

  /// PostgreSQL's count of rows inserted, updated and deleted in the entity's table
  /// (`pg_stat_user_tables`), a cheap signal for changes outside the visible window, such
  /// as inserts. Not immediate: a PostgreSQL 15 backend publishes its counts when its
  /// transaction ends at most once a second, and within about ten seconds when idle. nil on
  /// SQLite and for tables the statistics do not know.
  public func changeCounter(of entityName: String) throws -> Int64? {
    guard dialect == .postgresql else { return nil }
    guard let entity = model[entity: entityName] else {
      throw FetchError("unknown entity '\(entityName)'")
    }
    let statement = SQLStatement(
      "SELECT n_tup_ins + n_tup_upd + n_tup_del AS n FROM pg_stat_user_tables "
        + "WHERE relid = to_regclass($1)",
      [.text(dialect.quote(table: entity.table, schema: entity.schema))])
    return try withChannel { try $0.query(statement) }.first?["n"]?.int64Value
  }

  /// `LISTEN` on a channel a database trigger notifies (PostgreSQL; throws on SQLite).
  /// Use a `Database` of its own for listening, polled with `notifications()`.
  public func listen(_ channelName: String) throws {
    try withChannel { channel in
      guard let notifying = channel as? any NotificationChannel else {
        throw FetchError("LISTEN needs PostgreSQL")
      }
      try notifying.listen(channelName)
    }
  }

  /// The notifications received since the last call, without waiting.
  public func notifications() throws -> [DatabaseNotification] {
    try withChannel { channel in try (channel as? any NotificationChannel)?.notifications() ?? [] }
  }
}

extension Database {
  /// A token that changes when the rows of `entityName` with these keys (a pane's visible
  /// window) change, or when rows of its table are inserted, updated or deleted — one small
  /// statement, never a scan: SQLite's `PRAGMA data_version` (what other connections
  /// committed); on PostgreSQL the rows' `xmin` looked up by key plus the table's change
  /// counters (`pg_stat_user_tables`, published by other sessions within about a second);
  /// on MySQL, see `mySQLChangeToken`.
  /// Equal tokens: nothing to fetch again. Views on PostgreSQL are not followed (their
  /// token never changes). `related` names the other entities the pane shows rows of
  /// (`Model.entitiesReached`: to-one titles, to-many counts, join tables): their tables'
  /// change counters are part of the token too.
  ///
  ///     SELECT coalesce((SELECT n_tup_ins + n_tup_upd + n_tup_del FROM pg_stat_user_tables
  ///       WHERE relid = to_regclass($1)), -1)::text || ',' || coalesce((… $2 …), -1)::text
  ///       || '|' || coalesce((SELECT string_agg(…) FROM "film" WHERE ("film_id") IN (($3), ($4))), '')
  /// The tables whose changes show in a pane of `entity`: its own (a view's: those it reads)
  /// and those of the `related` entities it shows rows of.
  func watchedTables(of entity: Entity, related: [String]) -> [TableName] {
    var tables: [TableName] = []
    for entity in [entity] + related.compactMap({ model[entity: $0] }) {
      for table in [TableName(schema: entity.schema, entity.table)] + entity.viewTables where !tables.contains(table) {
        tables.append(table)
      }
    }
    return tables
  }

  public func changeToken(
    of entityName: String, keys: [[String: DatabaseValue]], related: [String] = []
  ) throws -> String {
    if dialect == .sqlite { return String(try dataVersion() ?? 0) }
    guard let entity = model[entity: entityName] else {
      throw FetchError("unknown entity '\(entityName)'")
    }
    if dialect == .mysql { return try mySQLChangeToken(of: entity, keys: keys, related: related) }
    let table = dialect.quote(table: entity.table, schema: entity.schema)
    let tables = watchedTables(of: entity, related: related).map { dialect.quote(table: $0.name, schema: $0.schema) }
    var bindings: [DatabaseValue] = []
    var sql =
      "SELECT "
      + tables.map { table in
        bindings.append(.text(table))
        return "coalesce((SELECT n_tup_ins + n_tup_upd + n_tup_del FROM pg_stat_user_tables "
          + "WHERE relid = to_regclass(\(dialect.placeholder(bindings.count - 1)))), -1)::text"
      }.joined(separator: " || ',' || ")
    let keyColumns = entity.primaryKey.compactMap { entity[attribute: $0] }
    if !entity.isReadOnly, !keys.isEmpty, !keyColumns.isEmpty, keyColumns.count == entity.primaryKey.count {
      let tuples = keyTuples(keys, keyColumns, bindings: &bindings)
      let columns = keyColumns.map { dialect.quote($0.column) }.joined(separator: ", ")
      sql +=
        " || '|' || coalesce((SELECT string_agg(ROW(" + columns + ")::text || '@' || xmin::text, ',' ORDER BY "
        + columns + ") FROM " + table + " WHERE (" + columns + ") IN (" + tuples.joined(separator: ", ") + ")), '')"
    }
    let statement = SQLStatement(sql + " AS token", bindings, resultTypes: [nil])
    return try withChannel { try $0.query(statement) }.first?["token"]?.stringValue ?? ""
  }

  /// `($1, $2)` per key, its values appended to `bindings`: the right side of
  /// `(key columns) IN (…)`.
  func keyTuples(
    _ keys: [[String: DatabaseValue]], _ attributes: [Attribute], bindings: inout [DatabaseValue]
  ) -> [String] {
    keys.map { key in
      "("
        + attributes.map { attribute in
          bindings.append(key[attribute.name] ?? .null)
          return dialect.placeholder(bindings.count - 1)
        }.joined(separator: ", ") + ")"
    }
  }
}

extension Database {
  /// Whether a logged statement is a pane's change check (`changeToken`), which the debug
  /// overlay leaves out of "Last SQL" so the page's own statements stay in view.
  public static func isChangeProbe(_ sql: String) -> Bool {
    sql.hasPrefix("PRAGMA data_version") || sql.hasPrefix("SELECT coalesce((SELECT n_tup_ins")
      || sql.hasPrefix(mySQLTokenPrefix)
  }
}
