/// A batch change's rows, undone or redone a chunk at a time: each chunk's rows are read
/// (locked where the database can) and compared with what the step expects — `after` for
/// an undo, each row's own values before for a redo — then written in one `UPDATE`.
extension ChangeWriter {
  /// Rows a statement names at most (a key and its values each: well under every engine's
  /// parameter limit).
  static let rowsPerStatement = 400

  func writeRows(_ rows: BatchRows, undoing: Bool, of entity: Entity) throws {
    let keys = try rows.keyColumns.map { try attribute($0, of: entity) }
    let columns = try rows.columns.map { try attribute($0, of: entity) }
    guard !keys.isEmpty else { throw FetchError("\(entity.name) has no primary key: its rows cannot be changed") }
    var start = 0
    while start < rows.count {
      let chunk = start..<min(rows.count, start + Self.rowsPerStatement)
      try checkRows(rows, chunk, undoing: undoing, keys: keys, columns: columns, of: entity)
      try channel.execute(updateStatement(rows, chunk, undoing: undoing, keys: keys, columns: columns, of: entity))
      start = chunk.upperBound
    }
  }

  /// `"id" IN ($3, $4…)`, or `(("a" = $3 AND "b" = $4) OR …)` for a compound key.
  private func keyList(
    _ rows: BatchRows, _ chunk: Range<Int>, keys: [Attribute], bindings: inout [DatabaseValue]
  ) -> String {
    if keys.count == 1 {
      let places = chunk.map { index -> String in
        bindings.append(rows.keyValues(at: index)[0])
        return dialect.placeholder(bindings.count - 1)
      }
      return dialect.quote(keys[0].column) + " IN (" + places.joined(separator: ", ") + ")"
    }
    let alternatives = chunk.map { index in
      "(" + keyMatch(rows.keyValues(at: index), keys: keys, bindings: &bindings) + ")"
    }
    return "(" + alternatives.joined(separator: " OR ") + ")"
  }

  private func keyMatch(_ values: [DatabaseValue], keys: [Attribute], bindings: inout [DatabaseValue]) -> String {
    zip(keys, values).map { key, value in
      bindings.append(value)
      return dialect.quote(key.column) + " = " + dialect.placeholder(bindings.count - 1)
    }.joined(separator: " AND ")
  }

  /// Reads the chunk's rows and refuses the step when one no longer holds what it expects
  /// (or is gone): the first such row is named, the others counted.
  private func checkRows(
    _ rows: BatchRows, _ chunk: Range<Int>, undoing: Bool, keys: [Attribute], columns: [Attribute], of entity: Entity
  ) throws {
    var bindings: [DatabaseValue] = []
    let condition = keyList(rows, chunk, keys: keys, bindings: &bindings)
    let listed = (keys + columns).map { dialect.quote($0.column) }.joined(separator: ", ")
    var sql = "SELECT " + listed + " FROM " + table(entity) + " WHERE " + condition
    if dialect != .sqlite { sql += " FOR UPDATE" }
    var stored: [[DatabaseValue]: [DatabaseValue]] = [:]
    // Rows whose key came back more than once, and how often (see `keyNamesSeveralRows`).
    var copies: [[DatabaseValue]: Int] = [:]
    try channel.query(SQLStatement(sql, bindings, resultTypes: (keys + columns).map(\.valueType))) { row in
      let key = Array(row.values.prefix(keys.count))
      if stored.updateValue(Array(row.values.dropFirst(keys.count)), forKey: key) != nil {
        copies[key, default: 1] += 1
      }
      return true
    }
    if let (values, count) = copies.first {
      let key = Dictionary(zip(keys.map(\.name), values), uniquingKeysWith: { first, _ in first })
      throw Self.keyNamesSeveralRows(count, key: key, of: entity)
    }
    var first: Conflict?
    var others = 0
    for index in chunk {
      let key = rows.keyValues(at: index)
      let expected = undoing ? rows.columns.map { rows.after[$0] ?? .null } : rows.beforeValues(at: index)
      let conflict: Conflict?
      if let now = stored[key] {
        let fields = zip(rows.columns, zip(expected, now)).filter { !$1.1.isStored(as: $1.0) }.map {
          Conflict.Field(attribute: $0, original: $1.0, current: $1.1)
        }
        conflict =
          fields.isEmpty
          ? nil : Conflict(entity: entity.name, key: rows.key(at: index), isDeleted: false, fields: fields)
      } else {
        conflict = Conflict(entity: entity.name, key: rows.key(at: index), isDeleted: true, fields: [])
      }
      guard let conflict else { continue }
      if first == nil { first = conflict } else { others += 1 }
    }
    if var first {
      first.rowsInConflict = others + 1
      throw first
    }
  }

  /// Forward: `SET c = $1 WHERE key IN (…)`; back: each row its own values — one value for
  /// the chunk when they share it, else `CASE` on the key (cast to the column's type on
  /// PostgreSQL, whose untyped parameters would otherwise make the `CASE` text).
  private func updateStatement(
    _ rows: BatchRows, _ chunk: Range<Int>, undoing: Bool, keys: [Attribute], columns: [Attribute], of entity: Entity
  ) -> SQLStatement {
    var bindings: [DatabaseValue] = []
    var assignments: [String] = []
    let shared = Set(chunk.map { rows.beforeValues(at: $0) }).count == 1
    for (offset, column) in columns.enumerated() {
      let name = dialect.quote(column.column)
      if !undoing || shared {
        bindings.append(undoing ? rows.beforeValues(at: chunk.lowerBound)[offset] : rows.after[column.name] ?? .null)
        assignments.append(name + " = " + dialect.placeholder(bindings.count - 1))
        continue
      }
      var cases: [String] = []
      for index in chunk {
        let match = keyMatch(rows.keyValues(at: index), keys: keys, bindings: &bindings)
        bindings.append(rows.beforeValues(at: index)[offset])
        var value = dialect.placeholder(bindings.count - 1)
        if dialect == .postgresql, !column.declaredType.isEmpty { value = "CAST(\(value) AS \(column.declaredType))" }
        cases.append("WHEN " + match + " THEN " + value)
      }
      assignments.append(name + " = CASE " + cases.joined(separator: " ") + " END")
    }
    let condition = keyList(rows, chunk, keys: keys, bindings: &bindings)
    return SQLStatement(
      "UPDATE " + table(entity) + " SET " + assignments.joined(separator: ", ") + " WHERE " + condition, bindings,
      sensitiveBindings: sensitive(columns).isEmpty ? [] : Set(bindings.indices))
  }
}
