import Access

/// Journal entries as SQL that redoes them (or, given inverses, undoes them): `INSERT`,
/// `UPDATE … SET … WHERE key`, `DELETE … WHERE key`, identifiers quoted and literals
/// escaped for the dialect (`SQLDialect.literal`). Entity and attribute names become table
/// and column names through the model; names it does not know are used as they are.
public struct JournalSQL {
  public let model: Model?
  public let dialect: SQLDialect

  public init(model: Model?, dialect: SQLDialect) {
    self.model = model
    self.dialect = dialect
  }

  public func statement(_ entry: JournalEntry) -> String {
    let entity = model?[entity: entry.entity]
    let table =
      entity.map { dialect.quote(table: $0.table, schema: $0.schema) }
      ?? dialect.quote(entry.entity)
    func column(_ name: String) -> String {
      dialect.quote(entity?[attribute: name]?.column ?? name)
    }
    func assignments(_ values: [String: DatabaseValue], separator: String) -> String {
      values.keys.sorted().map { column($0) + " = " + condition(values[$0] ?? .null) }
        .joined(separator: separator)
    }
    func condition(_ value: DatabaseValue) -> String { dialect.literal(value) }
    let whereKey =
      " WHERE "
      + entry.key.keys.sorted().map { name in
        let value = entry.key[name] ?? .null
        return column(name) + (value.isNull ? " IS NULL" : " = " + dialect.literal(value))
      }.joined(separator: " AND ")
    if let rows = entry.rows {
      // A batch step: a statement a row (each row back to its own values, for an undo).
      return (0..<rows.count).map { index in
        var row = entry
        row.rows = nil
        row.key = rows.key(at: index)
        row.before = entry.rowsBack ? rows.after : rows.before(at: index)
        row.after = entry.rowsBack ? rows.before(at: index) : rows.after
        return statement(row)
      }.joined(separator: "\n")
    }
    switch (entry.before, entry.after) {
    case (nil, let after?):
      let names = after.keys.sorted()
      return "INSERT INTO " + table + " (" + names.map(column).joined(separator: ", ")
        + ") VALUES (" + names.map { dialect.literal(after[$0] ?? .null) }.joined(separator: ", ")
        + ");"
    case (_?, nil):
      return "DELETE FROM " + table + whereKey + ";"
    case (_, let after?):
      return "UPDATE " + table + " SET " + assignments(after, separator: ", ") + whereKey + ";"
    case (nil, nil):
      return "-- nothing changed in " + table
    }
  }
}
