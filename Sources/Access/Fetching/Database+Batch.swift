/// Batch changes (issue 24): tried first in a transaction that is rolled back (the preview:
/// how many rows, the statement, what the database refuses), then applied in one
/// transaction that reads every row's values before (for the undo) and writes them all in
/// one `UPDATE`.
extension Database {
  /// The change tried and rolled back: nothing is written.
  public func preview(_ batch: BatchChange, isCancelled: () -> Bool = { false }) throws -> BatchPreview {
    try locked {
      let builder = try BatchBuilder(model: model, batch: batch, dialect: dialect)
      let statement = try builder.update()
      try channel.begin()
      defer { try? channel.rollback() }
      let conflicts = try seenConflicts(builder)
      let count = try countRows(FetchSpecification(entityName: batch.entityName, qualifier: batch.qualifier))
      var preview = BatchPreview(count: count, statement: statement, conflicts: conflicts)
      guard !isCancelled() else { throw DatabaseError(.cancelled, "the preview was cancelled") }
      do {
        let changed = try channel.execute(statement)
        preview.count = changed
      } catch let error as DatabaseError where error.kind != .connectionLost && error.kind != .cancelled {
        preview.problem = error
        try channel.rollback()
        try channel.begin()
        if count <= BatchChange.rowsTriedOneByOne {
          try countRefused(builder, into: &preview, isCancelled: isCancelled)
        }
      }
      return preview
    }
  }

  /// Each marked row's change tried alone, in a savepoint: how many the database refuses.
  private func countRefused(_ builder: BatchBuilder, into preview: inout BatchPreview, isCancelled: () -> Bool) throws {
    var keys: [[String: DatabaseValue]] = []
    let names = builder.keys.map(\.name)
    try channel.query(builder.before()) { row in
      keys.append(Dictionary(uniqueKeysWithValues: zip(names, row.values.prefix(names.count))))
      return true
    }
    var refused = 0
    for key in keys {
      guard !isCancelled() else { throw DatabaseError(.cancelled, "the preview was cancelled") }
      try channel.execute(SQLStatement("SAVEPOINT d2t_batch_row"))
      do {
        try channel.execute(builder.update(key: key))
        try channel.execute(SQLStatement("RELEASE SAVEPOINT d2t_batch_row"))
      } catch let error as DatabaseError where error.kind != .connectionLost && error.kind != .cancelled {
        try channel.execute(SQLStatement("ROLLBACK TO SAVEPOINT d2t_batch_row"))
        refused += 1
        if preview.refusedKeys.count < 5 { preview.refusedKeys.append(key) }
      }
    }
    preview.refusedRows = refused
  }

  /// The rows marked one by one that no longer hold, in a column the change sets, what they
  /// held when marked (or are gone).
  private func seenConflicts(_ builder: BatchBuilder) throws -> [Conflict] {
    guard let statement = try builder.seenRows() else { return [] }
    let keys = builder.keys.map(\.name)
    let columns = try builder.columns().map(\.name)
    var now: [[String: DatabaseValue]: [DatabaseValue]] = [:]
    try channel.query(statement) { row in
      now[Dictionary(uniqueKeysWithValues: zip(keys, row.values.prefix(keys.count)))] = Array(
        row.values.dropFirst(keys.count))
      return true
    }
    var conflicts: [Conflict] = []
    for (key, seen) in builder.batch.seen.sorted(by: { "\($0.key)" < "\($1.key)" }) {
      guard let values = now[key] else {
        conflicts.append(Conflict(entity: builder.entity.name, key: key, isDeleted: true, fields: []))
        continue
      }
      let fields = zip(columns, values).compactMap { name, value -> Conflict.Field? in
        guard let was = seen[name], was != value else { return nil }
        return Conflict.Field(attribute: name, original: was, current: value)
      }
      if !fields.isEmpty {
        conflicts.append(Conflict(entity: builder.entity.name, key: key, isDeleted: false, fields: fields))
      }
    }
    return conflicts
  }

  /// The rows' keys and values before, read in place where the channel can (SQLite: a
  /// million rows without a `Row` each).
  private func read(_ statement: SQLStatement, into rows: inout BatchRows.Builder, keyWidth: Int) throws {
    if keyWidth == 1, statement.resultTypes?.count == 2, let borrowing = channel as? any BorrowingChannel {
      let cursor = try borrowing.openBorrowingCursor(statement, mode: .asIs)
      defer { cursor.close() }
      while try cursor.visit(10_000, { row in rows.append(key: row[0].databaseValue, before: row[1].databaseValue) })
        > 0
      {}
      return
    }
    try channel.query(statement) { row in
      rows.append(key: Array(row.values.prefix(keyWidth)), before: Array(row.values.dropFirst(keyWidth)))
      return true
    }
  }

  /// Applies the change in one transaction: the rows' values before are read (locked where
  /// the database can), the `UPDATE` runs, and a row count that differs from the rows read
  /// (rows that came or went meanwhile) rolls it all back. Throws the first `Conflict` of
  /// `seen` (with the others counted) unless there is none; `isCancelled` is asked before
  /// each statement and before `COMMIT`.
  public func apply(_ batch: BatchChange, isCancelled: () -> Bool = { false }) throws -> BatchRows {
    try locked {
      let builder = try BatchBuilder(model: model, batch: batch, dialect: dialect)
      let statement = try builder.update()
      let columns = try builder.columns()
      func checkCancelled() throws {
        guard isCancelled() else { return }
        var error = DatabaseError(.cancelled, "the change was cancelled before it was committed")
        error.wasNeverApplied = true
        throw error
      }
      try checkCancelled()
      if let reconnectable = channel as? any ReconnectableChannel { _ = reconnectable.isBroken() }
      do {
        try channel.begin()
      } catch var error as DatabaseError where error.kind == .connectionLost {
        error.wasNeverApplied = true
        throw error
      }
      do {
        let conflicts = try seenConflicts(builder)
        if var first = conflicts.first {
          first.rowsInConflict = conflicts.count
          throw first
        }
        var rows = BatchRows.Builder(
          keyColumns: builder.keys.map(\.name), columns: columns.map(\.name), after: batch.values)
        try read(builder.before(), into: &rows, keyWidth: builder.keys.count)
        try checkCancelled()
        let changed = try channel.execute(statement)
        guard changed == rows.count else {
          throw DatabaseError(
            .statement,
            "rows changed while the change ran (\(changed) written, \(rows.count) read): nothing was written; try again"
          )
        }
        try checkCancelled()
        try channel.commit()
        return rows.build()
      } catch {
        try? channel.rollback()
        if var error = error as? DatabaseError, error.kind == .cancelled {
          error.wasNeverApplied = true
          throw error
        }
        throw error
      }
    }
  }
}
