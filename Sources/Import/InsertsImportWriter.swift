import Access

/// MySQL and MariaDB: multi-row `INSERT`s of up to 1,000 rows (and 60,000 values); a refused
/// one is sent again a row at a time to name each row refused.
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
    return try target.sendChunk(lines: lines, source: source) {
      try target.channel.execute(SQLStatement(target.insert(rows: lines.count), values))
    } resend: { index in
      try target.channel.execute(
        SQLStatement(target.insert(rows: 1), Array(values[index * width..<(index + 1) * width])))
    }
  }
}
