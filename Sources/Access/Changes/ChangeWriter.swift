import Qualifiers

/// Applies changes through a channel: checks originals under a row lock, then writes.
struct ChangeWriter {
  let model: Model
  let channel: any AdaptorChannel

  var dialect: SQLDialect { channel.dialect }

  func apply(_ change: Change) throws -> ChangeOutcome {
    guard let entity = model[entity: change.entityName] else {
      throw FetchError("unknown entity '\(change.entityName)'")
    }
    guard !entity.isReadOnly else {
      throw FetchError("\(entity.name) is read-only")
    }
    switch change {
    case .insert(_, let values):
      return .inserted(try insert(values, into: entity))
    case .update(_, let key, let values, let original):
      try checkOriginal(original, key: key, of: entity)
      return .updated(try update(values, key: key, of: entity))
    case .delete(_, let key, let original):
      try checkOriginal(original, key: key, of: entity)
      let (condition, bindings) = try keyCondition(key, of: entity, startingAt: 0)
      try channel.execute(
        SQLStatement(
          "DELETE FROM " + table(entity) + " WHERE " + condition, bindings))
      return .deleted
    case .updateRows(_, let rows, let undoing):
      try writeRows(rows, undoing: undoing, of: entity)
      return .updatedRows(rows.count)
    case .linked:
      throw FetchError("a linked insert must be resolved before it is applied")
    }
  }

  private func insert(_ values: [String: DatabaseValue], into entity: Entity) throws -> Row {
    let attributes = try writable(values, of: entity)
    var sql = "INSERT INTO " + table(entity)
    if attributes.isEmpty {
      sql += dialect == .mysql ? " () VALUES ()" : " DEFAULT VALUES"
    } else {
      sql +=
        " (" + attributes.map { dialect.quote($0.column) }.joined(separator: ", ")
        + ") VALUES (" + attributes.indices.map(dialect.placeholder).joined(separator: ", ") + ")"
    }
    let bindings = attributes.map { values[$0.name] ?? .null }
    guard dialect.supportsReturning else {
      try channel.execute(SQLStatement(sql, bindings, sensitiveBindings: sensitive(attributes)))
      return try readBack(insertedInto: entity, values: values)
    }
    sql += " RETURNING " + returningList(entity)
    let rows = try channel.query(
      SQLStatement(
        sql, bindings, sensitiveBindings: sensitive(attributes),
        resultTypes: entity.attributes.map(\.valueType)))
    guard let row = rows.first else { throw FetchError("the insert into \(entity.name) returned no row") }
    return try afterTriggers(row, of: entity)
  }

  /// SQLite's `RETURNING` gives the row before its AFTER triggers ran (a `last_update` a
  /// trigger sets): the row is read again, so the journal expects what is stored and an
  /// undo a second later is not taken for someone else's change.
  private func afterTriggers(_ row: Row, of entity: Entity) throws -> Row {
    guard dialect == .sqlite, !entity.primaryKey.isEmpty else { return row }
    var key: [String: DatabaseValue] = [:]
    for name in entity.primaryKey {
      guard let value = row[name], !value.isNull else { return row }
      key[name] = value
    }
    return try current(key: key, of: entity) ?? row
  }

  private func update(
    _ values: [String: DatabaseValue], key: [String: DatabaseValue],
    of entity: Entity
  ) throws -> Row {
    let attributes = try writable(values, of: entity)
    guard !attributes.isEmpty else { return try current(key: key, of: entity) ?? Row(columns: [], values: []) }
    let assignments = attributes.enumerated().map { index, attribute in
      dialect.quote(attribute.column) + " = " + dialect.placeholder(index)
    }
    let (condition, keyBindings) = try keyCondition(key, of: entity, startingAt: attributes.count)
    var sql = "UPDATE " + table(entity) + " SET " + assignments.joined(separator: ", ") + " WHERE " + condition
    guard dialect.supportsReturning else {
      let matched = try channel.execute(
        SQLStatement(
          sql, attributes.map { values[$0.name] ?? .null } + keyBindings, sensitiveBindings: sensitive(attributes)))
      var newKey = key
      for name in entity.primaryKey { if let value = values[name] { newKey[name] = value } }
      guard matched > 0, let row = try current(key: newKey, of: entity) else {
        throw Conflict(entity: entity.name, key: key, isDeleted: true, fields: [])
      }
      return row
    }
    sql += " RETURNING " + returningList(entity)
    let rows = try channel.query(
      SQLStatement(
        sql, attributes.map { values[$0.name] ?? .null } + keyBindings,
        sensitiveBindings: sensitive(attributes), resultTypes: entity.attributes.map(\.valueType)))
    guard let row = rows.first else {
      throw Conflict(entity: entity.name, key: key, isDeleted: true, fields: [])
    }
    return try afterTriggers(row, of: entity)
  }

  /// The row just inserted, read back by its key where the database cannot return it
  /// (MySQL): the key's values as given, or the one the database generated
  /// (`LAST_INSERT_ID()`, on the same connection, in the same transaction).
  private func readBack(insertedInto entity: Entity, values: [String: DatabaseValue]) throws -> Row {
    var key: [String: DatabaseValue] = [:]
    for name in entity.primaryKey {
      if let value = values[name], !value.isNull {
        key[name] = value
      } else {
        let generated = SQLStatement("SELECT LAST_INSERT_ID()", resultTypes: [entity[attribute: name]?.valueType])
        key[name] = try channel.query(generated).first?.values.first ?? .null
      }
    }
    guard !key.isEmpty, let row = try current(key: key, of: entity) else {
      throw FetchError("the row inserted into \(entity.name) cannot be read back: it has no key d2t can find")
    }
    return row
  }

  /// The attributes `values` names, but those the database computes (generated columns,
  /// identity `ALWAYS`): an undone delete re-inserts a row without them.
  private func writable(_ values: [String: DatabaseValue], of entity: Entity) throws -> [Attribute] {
    try values.keys.sorted().map { try attribute($0, of: entity) }.filter { !$0.isReadOnly }
  }

  /// Locks the row and compares it with what the user saw.
  private func checkOriginal(
    _ original: [String: DatabaseValue], key: [String: DatabaseValue],
    of entity: Entity
  ) throws {
    let rows = try stored(key: key, of: entity, lock: true)
    guard let row = rows.first else {
      throw Conflict(entity: entity.name, key: key, isDeleted: true, fields: [])
    }
    guard rows.count == 1 else { throw Self.keyNamesSeveralRows(rows.count, key: key, of: entity) }
    var fields: [Conflict.Field] = []
    for name in original.keys.sorted() {
      guard let seen = original[name], let stored = row[name] else { continue }
      if seen != stored {
        fields.append(Conflict.Field(attribute: name, original: seen, current: stored))
      }
    }
    if !fields.isEmpty {
      throw Conflict(entity: entity.name, key: key, isDeleted: false, fields: fields)
    }
  }

  /// The stored row, labelled by attribute name; nil when it does not exist.
  func current(key: [String: DatabaseValue], of entity: Entity, lock: Bool = false) throws -> Row? {
    try stored(key: key, of: entity, lock: lock).first
  }

  /// The stored rows `key` names: one, or none — or several where the database does not
  /// hold the key unique (a PostgreSQL table that others inherit from: its key is not
  /// theirs, so a child's row can have a parent's key and `UPDATE parent` writes both).
  private func stored(key: [String: DatabaseValue], of entity: Entity, lock: Bool) throws -> [Row] {
    let (condition, bindings) = try keyCondition(key, of: entity, startingAt: 0)
    var sql = "SELECT " + returningList(entity) + " FROM " + table(entity) + " WHERE " + condition
    if lock && dialect != .sqlite { sql += " FOR UPDATE" }
    return try channel.query(
      SQLStatement(
        sql, bindings, resultTypes: entity.attributes.map(\.valueType)))
  }

  /// Why a change to a row is refused before anything is written: its key names `count`
  /// rows, and the change would reach all of them.
  static func keyNamesSeveralRows(_ count: Int, key: [String: DatabaseValue], of entity: Entity) -> FetchError {
    let named = key.keys.sorted().map { "\($0) = \(key[$0] ?? .null)" }.joined(separator: ", ")
    return FetchError(
      "\(entity.displayName) \(named) names \(count) rows (a table other tables inherit from, or a key the "
        + "database does not enforce): nothing was changed, the change would reach them all")
  }

  private func keyCondition(
    _ key: [String: DatabaseValue], of entity: Entity, startingAt: Int
  )
    throws -> (String, [DatabaseValue])
  {
    guard !entity.primaryKey.isEmpty else {
      throw FetchError("\(entity.name) has no primary key: its rows cannot be changed")
    }
    var parts: [String] = []
    var bindings: [DatabaseValue] = []
    for name in entity.primaryKey {
      guard let value = key[name], !value.isNull else {
        throw FetchError("the key of \(entity.name) needs a value for '\(name)'")
      }
      let attribute = try attribute(name, of: entity)
      parts.append(dialect.quote(attribute.column) + " = " + dialect.placeholder(startingAt + bindings.count))
      bindings.append(value)
    }
    return (parts.joined(separator: " AND "), bindings)
  }

  func attribute(_ name: String, of entity: Entity) throws -> Attribute {
    guard let attribute = entity[attribute: name] else {
      throw FetchError("\(entity.name) has no attribute '\(name)'")
    }
    return attribute
  }

  private func returningList(_ entity: Entity) -> String {
    entity.attributes.map { dialect.quote($0.column) + " AS " + dialect.quote($0.name) }
      .joined(separator: ", ")
  }

  func table(_ entity: Entity) -> String {
    dialect.quote(table: entity.table, schema: entity.schema)
  }

  /// Parameters of password-like columns, redacted in the SQL log.
  func sensitive(_ attributes: [Attribute]) -> Set<Int> { Self.sensitive(attributes) }

  /// The positions of password-like columns among `attributes` (their parameters are
  /// redacted in the SQL log): for every statement that writes values.
  static func sensitive(_ attributes: [Attribute]) -> Set<Int> {
    Set(
      attributes.indices.filter { index in
        let name = attributes[index].column.lowercased()
        return name.contains("password") || name.contains("passwd") || name.hasSuffix("pwd")
      })
  }
}
