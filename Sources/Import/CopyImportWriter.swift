import Access

/// PostgreSQL: the whole file in one `COPY … FROM STDIN`, streamed as it is read (the server
/// stores rows while the next ones are parsed) — into the table, or with `--on-conflict
/// skip|update` into a temporary table, then one `INSERT … SELECT … ON CONFLICT`. When the
/// server refuses the copy, it is taken back and the file read again in copies of 10,000
/// rows, a refused copy row by row, to name every row refused. A serial or identity key's
/// sequence is moved past the largest key imported.
final class CopyImportWriter: ImportWriter {
  let target: ImportTarget
  private let reopen: () throws -> ImportSource
  private var sink = CopyLineSink()
  /// Where each row of a copy being found out ends in `sink.bytes`, and its line.
  private var rowEnds: [Int] = []
  private var lines: [Int] = []

  init(target: ImportTarget, reopen: @escaping () throws -> ImportSource) {
    self.target = target
    self.reopen = reopen
  }

  private var copyTarget: String { target.onConflict == .fail ? target.table : "d2t_import" }
  private var copy: String { "COPY \(copyTarget) (\(target.columnList)) FROM STDIN" }

  func write(from source: ImportSource) throws -> (written: Int, source: ImportSource) {
    guard let copying = target.channel as? any CopyInChannel else {
      throw DatabaseError(.statement, "this database has no COPY")
    }
    let channel = target.channel
    if target.onConflict != .fail {
      try channel.execute(
        SQLStatement(
          "CREATE TEMP TABLE d2t_import ON COMMIT DROP AS SELECT \(target.columnList) FROM \(target.table) WITH NO DATA"
        ))
    }
    var copied: Int
    var source = source
    try channel.execute(SQLStatement("SAVEPOINT d2t_import_copy"))
    do {
      copied = try copying.copyIn(copy) { try stream(source) }
      try channel.execute(SQLStatement("RELEASE SAVEPOINT d2t_import_copy"))
    } catch let error as DatabaseError where error.isRefusal {
      try channel.execute(SQLStatement("ROLLBACK TO SAVEPOINT d2t_import_copy"))
      source = try reopen()
      copied = try locate(source, copying)
    }
    var written = copied
    if target.onConflict != .fail {
      written = try channel.execute(
        SQLStatement(
          "INSERT INTO \(target.table) (\(target.columnList)) SELECT \(target.columnList) FROM d2t_import"
            + target.conflictClause))
    }
    return (written, source)
  }

  /// The next row as a COPY line at the end of `sink`; false (what the source put there
  /// dropped) once it has no more rows.
  private func nextLine(_ source: ImportSource) throws -> Bool {
    let rowStart = sink.bytes.count
    guard try source.next(into: &sink) else {
      sink.bytes.removeSubrange(rowStart...)
      return false
    }
    sink.endRow()
    return true
  }

  /// The next 256 KB of COPY lines; nil once the source has no more rows.
  private func stream(_ source: ImportSource) throws -> [UInt8]? {
    sink.bytes.removeAll(keepingCapacity: true)
    while sink.bytes.count < 1 << 18, try nextLine(source) {}
    return sink.bytes.isEmpty ? nil : sink.bytes
  }

  /// The file copied again 10,000 rows at a time, every row refused found (`sendChunk`).
  private func locate(_ source: ImportSource, _ copying: any CopyInChannel) throws -> Int {
    sink.bytes.removeAll(keepingCapacity: true)
    var written = 0
    while try nextLine(source) {
      rowEnds.append(sink.bytes.count)
      lines.append(source.line)
      if lines.count >= 10_000 { written += try flush(source, copying) }
    }
    return written + (try flush(source, copying))
  }

  private func flush(_ source: ImportSource, _ copying: any CopyInChannel) throws -> Int {
    defer {
      sink.bytes.removeAll(keepingCapacity: true)
      rowEnds.removeAll(keepingCapacity: true)
      lines.removeAll(keepingCapacity: true)
    }
    let bytes = sink.bytes
    let ends = rowEnds
    return try target.sendChunk(lines: lines, source: source) {
      try send(bytes, copying)
    } resend: { index in
      _ = try send(Array(bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]]), copying)
    }
  }

  private func send(_ bytes: [UInt8], _ copying: any CopyInChannel) throws -> Int {
    var sent = false
    return try copying.copyIn(copy) {
      defer { sent = true }
      return sent ? nil : bytes
    }
  }

  /// The sequence of a serial or identity key moved past the largest key imported — at the
  /// commit only: `setval` is not rolled back.
  func beforeCommit() throws {
    let dialect = target.dialect
    for attribute in target.attributes where attribute.isPrimaryKey && attribute.isGenerated {
      let column = dialect.quote(attribute.column)
      try target.channel.execute(
        SQLStatement(
          "SELECT setval(pg_get_serial_sequence($1, $2), GREATEST(max(\(column)), 1)) "
            + "FROM \(target.table) HAVING max(\(column)) IS NOT NULL",
          [.text(target.table), .text(attribute.column)]))
    }
  }
}
