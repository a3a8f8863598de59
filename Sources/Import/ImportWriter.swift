import Access

/// Writes the rows an `ImportSource` hands out, inside the open transaction, as each
/// database takes them fastest (`SQLiteImportWriter`, `CopyImportWriter`,
/// `InsertsImportWriter`); every row the database refuses is named by its line.
protocol ImportWriter: AnyObject {
  /// Writes every row of `source`; the rows written and the source that was read to the end
  /// (another one, read again from the start, when a refused row had to be found).
  func write(from source: ImportSource) throws -> (written: Int, source: ImportSource)
  /// What goes with a commit only: it outlives a rollback (PostgreSQL's `setval`), so a dry
  /// run or a failed import must not do it.
  func beforeCommit() throws
}

extension ImportWriter {
  func beforeCommit() throws {}
}

/// The table an import writes to, and the statements every writer shares.
struct ImportTarget {
  let channel: any AdaptorChannel
  let entity: Entity
  let attributes: [Attribute]
  let onConflict: ImportRequest.OnConflict

  init(
    channel: any AdaptorChannel, entity: Entity, attributes: [Attribute], onConflict: ImportRequest.OnConflict
  ) throws {
    if onConflict != .fail && entity.primaryKey.isEmpty {
      throw ImportProblem(
        line: nil, column: nil,
        message: "\(entity.displayName) has no primary key: --on-conflict \(onConflict.rawValue) needs one")
    }
    self.channel = channel
    self.entity = entity
    self.attributes = attributes
    self.onConflict = onConflict
  }

  /// The writer for the channel's database: a source read again from the start comes from
  /// `reopen`.
  func writer(reopen: @escaping () throws -> ImportSource) -> any ImportWriter {
    switch dialect {
    case .sqlite: return SQLiteImportWriter(target: self)
    case .postgresql: return CopyImportWriter(target: self, reopen: reopen)
    case .mysql: return InsertsImportWriter(target: self)
    }
  }

  var dialect: SQLDialect { channel.dialect }
  var table: String { dialect.quote(table: entity.table, schema: entity.schema) }
  var columnList: String { attributes.map { dialect.quote($0.column) }.joined(separator: ", ") }

  /// `INSERT INTO table (columns) VALUES (?, …)` for `rows` rows, with the conflict clause.
  func insert(rows: Int) -> String {
    let width = attributes.count
    let tuples = (0..<rows).map { row in
      "(" + (0..<width).map { dialect.placeholder(row * width + $0) }.joined(separator: ", ") + ")"
    }
    return "INSERT INTO \(table) (\(columnList)) VALUES " + tuples.joined(separator: ", ") + conflictClause
  }

  /// `ON CONFLICT (key) DO NOTHING / DO UPDATE SET …` (`ON DUPLICATE KEY UPDATE` on MySQL).
  var conflictClause: String {
    let keys = entity.primaryKey.compactMap { entity[attribute: $0] }.map { dialect.quote($0.column) }
    let others = attributes.filter { !$0.isPrimaryKey }.map { dialect.quote($0.column) }
    switch (onConflict, dialect) {
    case (.fail, _): return ""
    case (.skip, .mysql): return " ON DUPLICATE KEY UPDATE \(keys[0]) = \(keys[0])"
    case (.update, .mysql):
      let set = others.isEmpty ? ["\(keys[0]) = \(keys[0])"] : others.map { "\($0) = VALUES(\($0))" }
      return " ON DUPLICATE KEY UPDATE " + set.joined(separator: ", ")
    case (.skip, _): return " ON CONFLICT (" + keys.joined(separator: ", ") + ") DO NOTHING"
    case (.update, _):
      guard !others.isEmpty else { return " ON CONFLICT (" + keys.joined(separator: ", ") + ") DO NOTHING" }
      return " ON CONFLICT (" + keys.joined(separator: ", ") + ") DO UPDATE SET "
        + others.map { "\($0) = excluded.\($0)" }.joined(separator: ", ")
    }
  }

  /// Rows sent together (`send`) in a savepoint. Refused, they are taken back and each is
  /// sent again alone (`resend`, by its place in `lines`) in a savepoint of its own: every
  /// row the database refuses goes to `source` with its line, the others stay written.
  /// Returns the rows written.
  func sendChunk(
    lines: [Int], source: ImportSource, _ send: () throws -> Int, resend: (Int) throws -> Void
  ) throws -> Int {
    guard !lines.isEmpty else { return 0 }
    try channel.execute(SQLStatement("SAVEPOINT d2t_import_chunk"))
    do {
      let written = try send()
      try channel.execute(SQLStatement("RELEASE SAVEPOINT d2t_import_chunk"))
      return written
    } catch let error as DatabaseError where error.isRefusal {
      try channel.execute(SQLStatement("ROLLBACK TO SAVEPOINT d2t_import_chunk"))
      var written = 0
      var refused = false
      for (index, line) in lines.enumerated() {
        try channel.execute(SQLStatement("SAVEPOINT d2t_import_row"))
        do {
          try resend(index)
          try channel.execute(SQLStatement("RELEASE SAVEPOINT d2t_import_row"))
          written += 1
        } catch let rowError as DatabaseError where rowError.isRefusal {
          try channel.execute(SQLStatement("ROLLBACK TO SAVEPOINT d2t_import_row"))
          source.refused(rowError.message, line: line)
          refused = true
        }
      }
      if !refused {
        source.add(ImportProblem(line: lines.first, column: nil, message: "the database refuses: " + error.message))
      }
      return written
    }
  }
}

extension DatabaseError {
  /// The database refused the statement (a constraint, a bad value), the connection is fine.
  var isRefusal: Bool { kind != .connectionLost && kind != .cancelled }
}
