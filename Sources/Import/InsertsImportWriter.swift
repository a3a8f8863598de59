import Access

/// MySQL and MariaDB: multi-row `INSERT`s of up to 1,000 rows (and 60,000 values); a refused
/// one is sent again a row at a time to name each row refused. With `--on-conflict skip` the
/// rows whose keys are taken are counted first (the server's affected rows count them as
/// written).
final class InsertsImportWriter: ImportWriter {
  let target: ImportTarget
  private var sink = ValuesSink()
  private var lines: [Int] = []

  init(target: ImportTarget) { self.target = target }

  private var chunk: Int { max(1, min(1000, 60_000 / max(1, target.attributes.count))) }

  func write(from source: ImportSource) throws -> (written: Int, source: ImportSource) {
    var written = 0
    let width = target.attributes.count
    while true {
      let rowStart = sink.values.count
      guard try source.next(into: &sink) else {
        sink.values.removeSubrange(rowStart...)
        break
      }
      lines.append(source.line)
      if lines.count >= chunk { written += try flush(source, width: width) }
    }
    return (written + (try flush(source, width: width)), source)
  }

  private func flush(_ source: ImportSource, width: Int) throws -> Int {
    defer {
      sink.values.removeAll(keepingCapacity: true)
      lines.removeAll(keepingCapacity: true)
    }
    let values = sink.values
    let taken = try takenKeys(values, width: width)
    return try target.sendChunk(lines: lines, source: source) {
      let changed = try target.channel.execute(SQLStatement(target.insert(rows: lines.count), values))
      return target.onConflict == .skip ? lines.count - taken : changed
    } resend: { index in
      try target.channel.execute(
        SQLStatement(target.insert(rows: 1), Array(values[index * width..<(index + 1) * width])))
    }
  }

  /// With `skip`: how many of the rows' keys are in the table already (0 when the file does
  /// not give the whole key: the database makes it).
  private func takenKeys(_ values: [DatabaseValue], width: Int) throws -> Int {
    let entity = target.entity
    let positions = entity.primaryKey.compactMap { name in target.attributes.firstIndex { $0.name == name } }
    guard target.onConflict == .skip, !lines.isEmpty, positions.count == entity.primaryKey.count else { return 0 }
    let dialect = target.dialect
    let columns = positions.map { dialect.quote(target.attributes[$0].column) }.joined(separator: ", ")
    let tuple = "(" + positions.map { _ in "?" }.joined(separator: ", ") + ")"
    var keys: [DatabaseValue] = []
    for row in lines.indices { keys += positions.map { values[row * width + $0] } }
    let sql =
      "SELECT COUNT(*) FROM \(target.table) WHERE (\(columns)) IN ("
      + Array(repeating: tuple, count: lines.count).joined(separator: ", ") + ")"
    return Int(try target.channel.query(SQLStatement(sql, keys)).first?[0].int64Value ?? 0)
  }
}
