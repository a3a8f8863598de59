import Access

extension SQLiteChannel {
  /// Reads tables and views of the main database with the table-valued pragma functions,
  /// parameters bound, never spliced.
  func readCatalog() throws -> Catalog {
    let objects = try query(SQLStatement(
      "SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view') "
        + "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"))
    var tables: [TableInfo] = []
    for object in objects {
      guard case .text(let name)? = object["name"], case .text(let type)? = object["type"] else {
        continue
      }
      tables.append(try readTable(name: name, kind: type == "view" ? .view : .table))
    }
    return Catalog(tables: resolvingImplicitReferences(tables))
  }

  private func readTable(name: String, kind: TableInfo.Kind) throws -> TableInfo {
    let columnRows = try query(SQLStatement(
      "SELECT name, type, \"notnull\", dflt_value, pk, hidden FROM pragma_table_xinfo(?1) "
        + "ORDER BY cid", [.text(name)]))
    var columns: [ColumnInfo] = []
    var keyed: [(position: Int64, name: String)] = []
    for row in columnRows {
      let hidden = row["hidden"]?.int64Value ?? 0
      guard hidden != 1, let columnName = row["name"]?.stringValue else { continue }
      let declared = row["type"]?.stringValue ?? ""
      let position = row["pk"]?.int64Value ?? 0
      if position > 0 { keyed.append((position, columnName)) }
      columns.append(ColumnInfo(
        name: columnName, declaredType: declared,
        valueType: ValueType(sqliteDeclaredType: declared),
        isNullable: (row["notnull"]?.int64Value ?? 0) == 0 && position == 0,
        defaultExpression: row["dflt_value"]?.stringValue,
        isGenerated: hidden == 2 || hidden == 3))
    }
    let primaryKey = keyed.sorted { $0.position < $1.position }.map(\.name)
    if primaryKey.count == 1, let index = columns.firstIndex(where: { $0.name == primaryKey[0] }),
      columns[index].declaredType.uppercased() == "INTEGER",
      try !hasPrimaryKeyIndex(table: name)
    {
      columns[index].isGenerated = true
    }
    let foreignKeys = kind == .table ? try readForeignKeys(table: name) : []
    return TableInfo(
      name: name, kind: kind, columns: columns, primaryKey: primaryKey, foreignKeys: foreignKeys,
      uniqueKeys: kind == .table ? try readUniqueKeys(table: name) : [])
  }

  /// Unique indexes (UNIQUE constraints among them) on plain columns, not partial.
  private func readUniqueKeys(table: String) throws -> [[String]] {
    let indexes = try query(SQLStatement(
      "SELECT name FROM pragma_index_list(?1) WHERE \"unique\" = 1 AND partial = 0 ORDER BY seq",
      [.text(table)]))
    return try indexes.compactMap { index -> [String]? in
      guard let name = index["name"]?.stringValue else { return nil }
      let columns = try query(SQLStatement(
        "SELECT name FROM pragma_index_info(?1) ORDER BY seqno", [.text(name)]))
      let names = columns.compactMap { $0["name"]?.stringValue }
      return names.count == columns.count && !names.isEmpty ? names : nil
    }
  }

  /// A rowid alias has no index of its own: `INTEGER PRIMARY KEY DESC` and WITHOUT ROWID
  /// tables keep their key in an index whose origin is `pk`, so that column is not the rowid.
  private func hasPrimaryKeyIndex(table: String) throws -> Bool {
    try !query(SQLStatement(
      "SELECT 1 FROM pragma_index_list(?1) WHERE origin = 'pk'", [.text(table)])).isEmpty
  }

  private func readForeignKeys(table: String) throws -> [ForeignKeyInfo] {
    let rows = try query(SQLStatement(
      "SELECT id, \"table\", \"from\", \"to\", on_delete FROM pragma_foreign_key_list(?1) "
        + "ORDER BY id, seq", [.text(table)]))
    var keys: [Int64: ForeignKeyInfo] = [:]
    var order: [Int64] = []
    for row in rows {
      guard let id = row["id"]?.int64Value, let destination = row["table"]?.stringValue,
        let from = row["from"]?.stringValue
      else { continue }
      if keys[id] == nil {
        order.append(id)
        let action = (row["on_delete"]?.stringValue).flatMap {
          ReferentialAction(rawValue: $0.lowercased())
        }
        keys[id] = ForeignKeyInfo(
          columns: [], destinationTable: destination, destinationColumns: [],
          onDelete: action ?? .noAction)
      }
      keys[id]?.columns.append(from)
      keys[id]?.destinationColumns.append(row["to"]?.stringValue ?? "")
    }
    return order.compactMap { keys[$0] }
  }

  /// `REFERENCES film` without columns means the parent's primary key.
  private func resolvingImplicitReferences(_ tables: [TableInfo]) -> [TableInfo] {
    let keysByTable = Dictionary(
      tables.map { ($0.name.lowercased(), $0.primaryKey) }, uniquingKeysWith: { a, _ in a })
    return tables.map { table in
      var table = table
      table.foreignKeys = table.foreignKeys.map { key in
        var key = key
        if key.destinationColumns.contains(""),
          let parentKey = keysByTable[key.destinationTable.lowercased()],
          parentKey.count == key.columns.count
        {
          key.destinationColumns = parentKey
        }
        return key
      }
      return table
    }
  }
}
