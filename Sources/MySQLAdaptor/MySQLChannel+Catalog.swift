import Access

extension MySQLChannel {
  /// The connected database's tables and views from `information_schema`, in four
  /// queries: tables, columns, key columns, and the foreign keys' delete rules.
  func readCatalog() throws -> Catalog {
    var tables: [String: TableInfo] = [:]
    var order: [String] = []
    let tableRows = try query(
      SQLStatement(
        "SELECT TABLE_NAME, TABLE_TYPE, TABLE_ROWS, TABLE_COMMENT FROM information_schema.TABLES "
          + "WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME",
        resultTypes: [Self.text, Self.text, .integer(bits: 64), Self.text]))
    for row in tableRows {
      guard let name = row.values[0].stringValue else { continue }
      let isView = row.values[1].stringValue == "VIEW"
      var info = TableInfo(name: name, kind: isView ? .view : .table, columns: [])
      info.estimatedRowCount = isView ? nil : row.values[2].int64Value
      let comment = row.values[3].stringValue ?? ""
      info.comment = comment.isEmpty || comment == "VIEW" ? nil : comment
      tables[name] = info
      order.append(name)
    }
    let columnRows = try query(
      SQLStatement(
        "SELECT TABLE_NAME, COLUMN_NAME, COLUMN_TYPE, DATA_TYPE, IS_NULLABLE, COLUMN_DEFAULT, EXTRA, "
          + "COLUMN_COMMENT, CHARACTER_MAXIMUM_LENGTH FROM information_schema.COLUMNS "
          + "WHERE TABLE_SCHEMA = DATABASE() ORDER BY TABLE_NAME, ORDINAL_POSITION",
        resultTypes: [
          Self.text, Self.text, Self.text, Self.text, Self.text, Self.text, Self.text, Self.text, .integer(bits: 64),
        ]))
    for row in columnRows {
      guard let table = row.values[0].stringValue, let name = row.values[1].stringValue, tables[table] != nil else {
        continue
      }
      let columnType = row.values[2].stringValue ?? ""
      let extra = (row.values[6].stringValue ?? "").lowercased()
      let maxLength = row.values[8].int64Value.flatMap { $0 > 0 && $0 < Int64(Int32.max) ? Int($0) : nil }
      var column = ColumnInfo(
        name: name, declaredType: columnType,
        valueType: MySQLTypes.valueType(
          columnType: columnType, dataType: row.values[3].stringValue ?? "", maxLength: maxLength),
        isNullable: row.values[4].stringValue == "YES",
        defaultExpression: Self.defaultExpression(row.values[5]),
        isGenerated: extra.contains("auto_increment") || extra.contains("generated"))
      column.isReadOnly = extra.contains("generated")
      if row.values[3].stringValue?.lowercased() == "set" { column.setMembers = MySQLTypes.arguments(of: columnType) }
      let comment = row.values[7].stringValue ?? ""
      column.comment = comment.isEmpty ? nil : comment
      tables[table]?.columns.append(column)
    }
    try readKeys(into: &tables)
    try markJSONColumns(in: &tables)
    try readViewTables(into: &tables)
    return Catalog(tables: order.compactMap { tables[$0] })
  }

  /// MariaDB's `JSON` is `LONGTEXT` with a `json_valid(`column`)` check (MySQL reports
  /// `json` itself): such columns are JSON.
  private func markJSONColumns(in tables: inout [String: TableInfo]) throws {
    let version = try query(SQLStatement("SELECT VERSION() AS v")).first?["v"]?.stringValue ?? ""
    guard version.contains("MariaDB") else { return }
    let rows = try query(
      SQLStatement(
        "SELECT TABLE_NAME, CHECK_CLAUSE FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE()",
        resultTypes: [Self.text, Self.text]))
    for row in rows {
      guard let table = row.values[0].stringValue, let clause = row.values[1].stringValue,
        clause.hasPrefix("json_valid(`"), clause.hasSuffix("`)")
      else { continue }
      let column = String(clause.dropFirst("json_valid(`".count).dropLast(2)).replacingOccurrences(of: "``", with: "`")
      guard let index = tables[table]?.columns.firstIndex(where: { $0.name == column }),
        case .text = tables[table]?.columns[index].valueType
      else { continue }
      tables[table]?.columns[index].valueType = .json
    }
  }

  static let text = ValueType.text(maxLength: nil, isFixedWidth: false)

  /// What each view reads: the server stores a view's query with every table qualified by
  /// its database (`` `shop`.`film` ``); those of this database are its tables (MariaDB has no
  /// `VIEW_TABLE_USAGE`). A definition the user may not see reads nothing.
  private func readViewTables(into tables: inout [String: TableInfo]) throws {
    guard tables.values.contains(where: { $0.kind == .view }) else { return }
    let rows = try query(
      SQLStatement(
        "SELECT TABLE_NAME, VIEW_DEFINITION, DATABASE() FROM information_schema.VIEWS WHERE TABLE_SCHEMA = DATABASE()",
        resultTypes: [Self.text, Self.text, Self.text]))
    for row in rows {
      guard let view = row.values[0].stringValue, let definition = row.values[1].stringValue,
        let database = row.values[2].stringValue
      else { continue }
      var reads: [TableName] = []
      for name in MySQLIdentifiers.qualifiedNames(in: definition, database: database)
      where name != view && tables[name] != nil && !reads.contains(TableName(name)) {
        reads.append(TableName(name))
      }
      tables[view]?.reads = reads
    }
  }

  /// MariaDB gives defaults as SQL (`'G'`, `NULL`, `current_timestamp()`), MySQL as bare text.
  private static func defaultExpression(_ value: DatabaseValue) -> String? {
    guard let text = value.stringValue, text.uppercased() != "NULL" else { return nil }
    return text
  }

  /// Keys from three views read one at a time and joined here: MariaDB's information_schema
  /// joined them in 10 ms on an empty server (every schema's tables opened), the three
  /// queries take 1–2 ms together.
  private func readKeys(into tables: inout [String: TableInfo]) throws {
    let types = try valuesByConstraint(
      "SELECT TABLE_NAME, CONSTRAINT_NAME, CONSTRAINT_TYPE FROM information_schema.TABLE_CONSTRAINTS "
        + "WHERE TABLE_SCHEMA = DATABASE() AND CONSTRAINT_TYPE IN ('PRIMARY KEY', 'UNIQUE', 'FOREIGN KEY')")
    let deleteRules = try valuesByConstraint(
      "SELECT TABLE_NAME, CONSTRAINT_NAME, DELETE_RULE FROM information_schema.REFERENTIAL_CONSTRAINTS "
        + "WHERE CONSTRAINT_SCHEMA = DATABASE()")
    let keyRows = try query(
      SQLStatement(
        "SELECT TABLE_NAME, CONSTRAINT_NAME, COLUMN_NAME, REFERENCED_TABLE_SCHEMA, REFERENCED_TABLE_NAME, "
          + "REFERENCED_COLUMN_NAME, REFERENCED_TABLE_SCHEMA = DATABASE() "
          + "FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = DATABASE() "
          + "ORDER BY TABLE_NAME, CONSTRAINT_NAME, ORDINAL_POSITION",
        resultTypes: [Self.text, Self.text, Self.text, Self.text, Self.text, Self.text, .boolean])
    )
    struct Key {
      var table: String
      var type: String
      var columns: [String] = []
      var destinationSchema: String?
      var destinationTable: String?
      var destinationColumns: [String] = []
      var deleteRule: String?
    }
    var keys: [String: Key] = [:]
    var order: [String] = []
    for row in keyRows {
      guard let table = row.values[0].stringValue, let name = row.values[1].stringValue,
        let column = row.values[2].stringValue
      else { continue }
      let id = Self.constraintID(table, name)
      guard let type = types[id] else { continue }
      if keys[id] == nil {
        let sameSchema = row.values[6] == .bool(true)
        keys[id] = Key(
          table: table, type: type, destinationSchema: sameSchema ? nil : row.values[3].stringValue,
          destinationTable: row.values[4].stringValue, deleteRule: deleteRules[id])
        order.append(id)
      }
      keys[id]?.columns.append(column)
      if let destination = row.values[5].stringValue { keys[id]?.destinationColumns.append(destination) }
    }
    for id in order {
      guard let key = keys[id], tables[key.table] != nil else { continue }
      switch key.type {
      case "PRIMARY KEY":
        tables[key.table]?.primaryKey = key.columns
      case "UNIQUE":
        tables[key.table]?.uniqueKeys.append(key.columns)
      default:
        guard let destination = key.destinationTable else { continue }
        tables[key.table]?.foreignKeys.append(
          ForeignKeyInfo(
            name: String(id.split(separator: "\u{0}").last ?? ""), columns: key.columns,
            destinationSchema: key.destinationSchema, destinationTable: destination,
            destinationColumns: key.destinationColumns, onDelete: Self.action(key.deleteRule)))
      }
    }
  }

  /// A constraint's table and name as one key.
  private static func constraintID(_ table: String, _ name: String) -> String { table + "\u{0}" + name }

  /// The third column of a (table, constraint name, value) query, by `constraintID` (the
  /// first row of each constraint).
  private func valuesByConstraint(_ sql: String) throws -> [String: String] {
    var values: [String: String] = [:]
    for row in try query(SQLStatement(sql, resultTypes: [Self.text, Self.text, Self.text])) {
      guard let table = row.values[0].stringValue, let name = row.values[1].stringValue,
        let value = row.values[2].stringValue
      else { continue }
      let id = Self.constraintID(table, name)
      if values[id] == nil { values[id] = value }
    }
    return values
  }

  private static func action(_ rule: String?) -> ReferentialAction {
    switch rule?.uppercased() {
    case "CASCADE": return .cascade
    case "SET NULL": return .setNull
    case "SET DEFAULT": return .setDefault
    case "RESTRICT": return .restrict
    default: return .noAction
    }
  }
}
