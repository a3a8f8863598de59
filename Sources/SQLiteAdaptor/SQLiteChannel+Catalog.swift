import Access

extension SQLiteChannel {
  /// Reads tables and views of the main database with the table-valued pragma functions
  /// joined to `sqlite_schema`: four queries for the whole catalog (columns, primary-key
  /// indexes, foreign keys, unique indexes), however many tables there are.
  func readCatalog() throws -> Catalog {
    let objects = try query(
      SQLStatement(
        "SELECT name, type FROM sqlite_schema WHERE type IN ('table', 'view') "
          + "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"))
    let columns = try rowsByTable(
      "SELECT m.name AS tbl, p.name, p.type, p.\"notnull\", p.dflt_value, p.pk, p.hidden "
        + "FROM sqlite_schema m, pragma_table_xinfo(m.name) p "
        + "WHERE m.type IN ('table', 'view') ORDER BY m.name, p.cid")
    let keyIndexed = Set(
      try rowsByTable(
        "SELECT m.name AS tbl FROM sqlite_schema m, pragma_index_list(m.name) i "
          + "WHERE m.type = 'table' AND i.origin = 'pk'"
      ).keys)
    let foreignKeys = try rowsByTable(
      "SELECT m.name AS tbl, f.id, f.\"table\", f.\"from\", f.\"to\", f.on_delete "
        + "FROM sqlite_schema m, pragma_foreign_key_list(m.name) f "
        + "WHERE m.type = 'table' ORDER BY m.name, f.id, f.seq")
    let uniqueIndexes = try rowsByTable(
      "SELECT m.name AS tbl, i.name AS idx, c.cid, c.name AS col "
        + "FROM sqlite_schema m, pragma_index_list(m.name) i, pragma_index_info(i.name) c "
        + "WHERE m.type = 'table' AND i.\"unique\" = 1 AND i.partial = 0 "
        + "ORDER BY m.name, i.name, c.seqno")
    var tables: [TableInfo] = []
    for object in objects {
      guard case .text(let name)? = object["name"], case .text(let type)? = object["type"] else {
        continue
      }
      let kind: TableInfo.Kind = type == "view" ? .view : .table
      tables.append(
        table(
          name: name, kind: kind, columnRows: columns[name] ?? [], hasPrimaryKeyIndex: keyIndexed.contains(name),
          foreignKeyRows: kind == .table ? foreignKeys[name] ?? [] : [], uniqueRows: uniqueIndexes[name] ?? []))
    }
    return Catalog(tables: resolvingImplicitReferences(tables))
  }

  /// The rows of `sql`, grouped by their `tbl` column.
  private func rowsByTable(_ sql: String) throws -> [String: [Row]] {
    var grouped: [String: [Row]] = [:]
    for row in try query(SQLStatement(sql)) {
      guard let table = row["tbl"]?.stringValue else { continue }
      grouped[table, default: []].append(row)
    }
    return grouped
  }

  /// One table from its pragma rows. A rowid alias has no index of its own:
  /// `INTEGER PRIMARY KEY DESC` and WITHOUT ROWID tables keep their key in an index whose
  /// origin is `pk`, so that column is not the rowid.
  private func table(
    name: String, kind: TableInfo.Kind, columnRows: [Row], hasPrimaryKeyIndex: Bool, foreignKeyRows: [Row],
    uniqueRows: [Row]
  ) -> TableInfo {
    var columns: [ColumnInfo] = []
    var keyed: [(position: Int64, name: String)] = []
    for row in columnRows {
      let hidden = row["hidden"]?.int64Value ?? 0
      guard hidden != 1, let columnName = row["name"]?.stringValue else { continue }
      let declared = row["type"]?.stringValue ?? ""
      let position = row["pk"]?.int64Value ?? 0
      if position > 0 { keyed.append((position, columnName)) }
      var column = ColumnInfo(
        name: columnName, declaredType: declared,
        valueType: Self.flagType(ValueType(sqliteDeclaredType: declared), named: columnName),
        isNullable: (row["notnull"]?.int64Value ?? 0) == 0 && position == 0,
        defaultExpression: row["dflt_value"]?.stringValue,
        isGenerated: hidden == 2 || hidden == 3)
      column.isReadOnly = hidden == 2 || hidden == 3
      column.keepsStorageClass = declared.isEmpty
      columns.append(column)
    }
    let primaryKey = keyed.sorted { $0.position < $1.position }.map(\.name)
    if primaryKey.count == 1, let index = columns.firstIndex(where: { $0.name == primaryKey[0] }),
      columns[index].declaredType.uppercased() == "INTEGER", !hasPrimaryKeyIndex
    {
      columns[index].isGenerated = true
    }
    var table = TableInfo(
      name: name, kind: kind, columns: columns, primaryKey: primaryKey,
      foreignKeys: foreignKeys(foreignKeyRows))
    if kind == .table { table.uniqueKeys = uniqueKeys(uniqueRows) }
    return table
  }

  /// Unique indexes (UNIQUE constraints and a WITHOUT ROWID key among them) on plain columns
  /// (not partial, not on expressions), from rows of (index, cid, column) in index order.
  private func uniqueKeys(_ rows: [Row]) -> [[String]] {
    var keys: [[String]] = []
    var current: String?
    var columns: [String] = []
    var plain = true
    func finish() {
      if current != nil, plain, !columns.isEmpty { keys.append(columns) }
    }
    for row in rows {
      let index = row["idx"]?.stringValue
      if index != current {
        finish()
        current = index
        columns = []
        plain = true
      }
      if (row["cid"]?.int64Value ?? -1) < 0 { plain = false }
      if let column = row["col"]?.stringValue { columns.append(column) }
    }
    finish()
    return keys
  }

  private func foreignKeys(_ rows: [Row]) -> [ForeignKeyInfo] {
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

  /// An integer column named as a flag (`is_active`, `can_login`, `has_children`,
  /// `isActive`) is Boolean, as the reference shows it: SQLite has no Boolean type and
  /// such columns hold 0 and 1. Values read as `true`/`false`, and a toggle writes the
  /// integer back in the form it was stored.
  static func flagType(_ type: ValueType, named name: String) -> ValueType {
    guard case .integer = type else { return type }
    for prefix in ["is", "can", "has"] {
      guard name.count > prefix.count, name.lowercased().hasPrefix(prefix) else { continue }
      let next = name[name.index(name.startIndex, offsetBy: prefix.count)]
      if next == "_" || next.isUppercase { return .boolean }
    }
    return type
  }
}
