import Access

/// Writes an import's rows inside the open transaction, as each database does it fastest:
/// SQLite through one prepared `INSERT` run for every row; PostgreSQL through `COPY FROM
/// STDIN` — into the table, or with `--on-conflict skip|update` into a temporary table, then
/// one `INSERT … SELECT … ON CONFLICT`; MySQL and
/// MariaDB through multi-row `INSERT`s.
final class ImportWriter {
  let channel: any AdaptorChannel
  let entity: Entity
  let attributes: [Attribute]
  let onConflict: ImportRequest.OnConflict
  private var pending: [[DatabaseValue]] = []
  private var pendingLines: [Int] = []
  private var copyBytes: [UInt8] = []
  /// Where each pending row's COPY line ends in `copyBytes`.
  private var copyLineEnds: [Int] = []
  private(set) var written = 0
  private var dialect: SQLDialect { channel.dialect }
  private var startChanges = 0

  /// Rows sent at once.
  var chunk: Int {
    dialect == .mysql ? max(1, min(1000, 60_000 / max(1, attributes.count))) : 10_000
  }

  init(
    channel: any AdaptorChannel, entity: Entity, attributes: [Attribute], onConflict: ImportRequest.OnConflict
  ) throws {
    self.channel = channel
    self.entity = entity
    self.attributes = attributes
    self.onConflict = onConflict
    if onConflict != .fail && entity.primaryKey.isEmpty {
      throw ImportProblem(
        line: nil, column: nil,
        message: "\(entity.displayName) has no primary key: --on-conflict \(onConflict.rawValue) needs one")
    }
  }

  private var table: String { dialect.quote(table: entity.table, schema: entity.schema) }
  private var columnList: String { attributes.map { dialect.quote($0.column) }.joined(separator: ", ") }

  /// `ON CONFLICT (key) DO NOTHING / DO UPDATE SET …` (`ON DUPLICATE KEY UPDATE` on MySQL).
  private var conflictClause: String {
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

  func start() throws {
    switch dialect {
    case .postgresql where onConflict != .fail:
      // Rows whose key is taken are settled by `INSERT … SELECT … ON CONFLICT` from a copy.
      try channel.execute(
        SQLStatement(
          "CREATE TEMP TABLE d2t_import ON COMMIT DROP AS SELECT \(columnList) FROM \(table) WITH NO DATA"))
    case .postgresql:
      break
    case .sqlite:
      startChanges = Int(try channel.query(SQLStatement("SELECT total_changes()")).first?[0].int64Value ?? 0)
    case .mysql:
      break
    }
  }

  func add(_ values: [DatabaseValue], line: Int) throws {
    if dialect == .postgresql {
      // The rows kept as COPY lines only: a refused one is found again from its line.
      Self.appendCopyLine(values, to: &copyBytes)
      copyLineEnds.append(copyBytes.count)
    } else {
      pending.append(values)
    }
    pendingLines.append(line)
    if pendingLines.count >= chunk { try flush() }
  }

  /// Sends what is pending.
  func flush() throws {
    guard !pendingLines.isEmpty else { return }
    defer {
      pending.removeAll(keepingCapacity: true)
      pendingLines.removeAll(keepingCapacity: true)
      copyBytes.removeAll(keepingCapacity: true)
      copyLineEnds.removeAll(keepingCapacity: true)
    }
    switch dialect {
    case .postgresql:
      guard let copying = channel as? any CopyInChannel else { throw DatabaseError(.statement, "COPY is not there") }
      // Straight into the table (a refused row found again from its COPY line) unless a
      // temporary copy settles taken keys.
      guard onConflict == .fail else {
        _ = try copy(copyBytes, into: "d2t_import", with: copying)
        return
      }
      written += try located({ try copy(copyBytes, into: table, with: copying) }) { index in
        let start = index == 0 ? 0 : copyLineEnds[index - 1]
        _ = try copy(Array(copyBytes[start..<copyLineEnds[index]]), into: table, with: copying)
      }
    case .sqlite:
      let places = attributes.indices.map(dialect.placeholder).joined(separator: ", ")
      try located(
        {
          try channel.executeBatch(
            "INSERT INTO \(table) (\(columnList)) VALUES (\(places))" + conflictClause, rows: pending)
        }, resending: insertAlone)
    case .mysql:
      var bindings: [DatabaseValue] = []
      let row = "(" + attributes.map { _ in "?" }.joined(separator: ", ") + ")"
      for values in pending { bindings += values }
      let rows = Array(repeating: row, count: pending.count).joined(separator: ", ")
      let changed = try located(
        {
          try channel.execute(
            SQLStatement("INSERT INTO \(table) (\(columnList)) VALUES " + rows + conflictClause, bindings))
        }, resending: insertAlone)
      written += changed
    }
  }

  /// A refusal of the rows sent together (`body`): taken back, then each row sent again
  /// alone (`resending`, by its place among the pending ones) in a savepoint, to name the
  /// line the database refuses.
  private func located<T>(_ body: () throws -> T, resending: (Int) throws -> Void) throws -> T {
    try channel.execute(SQLStatement("SAVEPOINT d2t_import_chunk"))
    do {
      let result = try body()
      try channel.execute(SQLStatement("RELEASE SAVEPOINT d2t_import_chunk"))
      return result
    } catch let error as DatabaseError where error.kind != .connectionLost && error.kind != .cancelled {
      // The rows of the chunk written before the refused one are taken back first.
      try channel.execute(SQLStatement("ROLLBACK TO SAVEPOINT d2t_import_chunk"))
      for (index, line) in pendingLines.enumerated() {
        try channel.execute(SQLStatement("SAVEPOINT d2t_import_row"))
        do {
          try resending(index)
          try channel.execute(SQLStatement("RELEASE SAVEPOINT d2t_import_row"))
        } catch let rowError as DatabaseError {
          throw ImportProblem(line: line, column: nil, message: "the database refuses this row: " + rowError.message)
        }
      }
      throw ImportProblem(line: pendingLines.first, column: nil, message: "the database refuses: " + error.message)
    }
  }

  /// An `INSERT` of one pending row (SQLite, MySQL).
  private func insertAlone(_ index: Int) throws {
    let places = attributes.indices.map(dialect.placeholder).joined(separator: ", ")
    try channel.execute(
      SQLStatement("INSERT INTO \(table) (\(columnList)) VALUES (\(places))" + conflictClause, pending[index]))
  }

  /// A `COPY` of `bytes` into `target`.
  private func copy(_ bytes: [UInt8], into target: String, with copying: any CopyInChannel) throws -> Int {
    var sent = false
    return try copying.copyIn("COPY \(target) (\(columnList)) FROM STDIN") {
      defer { sent = true }
      return sent ? nil : bytes
    }
  }

  /// The rest sent; on PostgreSQL the copied rows moved into the table, and the sequence
  /// of a serial or identity key moved past the largest key imported.
  func finish() throws {
    try flush()
    switch dialect {
    case .postgresql:
      if onConflict != .fail {
        written = try channel.execute(
          SQLStatement("INSERT INTO \(table) (\(columnList)) SELECT \(columnList) FROM d2t_import" + conflictClause))
      }
      for attribute in attributes where attribute.isPrimaryKey && attribute.isGenerated {
        let name = dialect.quote(table: entity.table, schema: entity.schema)
        try channel.execute(
          SQLStatement(
            "SELECT setval(pg_get_serial_sequence($1, $2), GREATEST(max(\(dialect.quote(attribute.column))), 1)) "
              + "FROM \(table) HAVING max(\(dialect.quote(attribute.column))) IS NOT NULL",
            [.text(name), .text(attribute.column)]))
      }
    case .sqlite:
      let now = Int(try channel.query(SQLStatement("SELECT total_changes()")).first?[0].int64Value ?? 0)
      written = now - startChanges
    case .mysql:
      break
    }
  }

  /// One row in `COPY`'s text format: tab-separated, `\N` for NULL, backslash escapes.
  static func appendCopyLine(_ values: [DatabaseValue], to bytes: inout [UInt8]) {
    for (index, value) in values.enumerated() {
      if index > 0 { bytes.append(0x09) }
      switch value {
      case .null:
        bytes += [0x5C, 0x4E]
      case .integer(let number):
        bytes.append(contentsOf: String(number).utf8)
      case .bool(let flag):
        bytes.append(flag ? 0x74 : 0x66)
      case .timestamp(let stamp):
        // Digits, `-`, `:`, `.`, `+` and a space: nothing COPY escapes.
        stamp.appendDescription(to: &bytes)
      case .text(let text):
        appendEscaped(text, to: &bytes)
      default:
        appendEscaped(value.literalText, to: &bytes)
      }
    }
    bytes.append(0x0A)
  }

  /// The text's bytes, a backslash before each backslash and tab, newline and CR as `\t`, `\n`, `\r`.
  static func appendEscaped(_ text: String, to bytes: inout [UInt8]) {
    var text = text
    text.withUTF8 { utf8 in
      var start = 0
      for index in utf8.indices {
        let escaped: UInt8
        switch utf8[index] {
        case 0x5C: escaped = 0x5C
        case 0x09: escaped = 0x74
        case 0x0A: escaped = 0x6E
        case 0x0D: escaped = 0x72
        default: continue
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
        bytes += [0x5C, escaped]
        start = index + 1
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
    }
  }
}
