import Access

/// Where a checked row's values go as its fields are parsed, in column order (`position`:
/// the written attribute's place): bound to an `INSERT` (`InserterSink`), appended to a
/// `COPY` line (`CopyLineSink`), or kept as values (`ValuesSink`). A row found bad halfway is
/// dropped by the writer, which knows where it began.
protocol RowSink {
  mutating func set(_ position: Int, _ value: DatabaseValue)
  /// A field whose bytes are the value's text as they stand (`ValueParser.isFastText`):
  /// text, or a decimal (`decimal`).
  mutating func setText(_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>, decimal: Bool)
}

/// The rows' values appended to one array (MySQL's multi-row `INSERT`s, a preview's checks).
struct ValuesSink: RowSink {
  var values: [DatabaseValue] = []

  mutating func set(_ position: Int, _ value: DatabaseValue) { values.append(value) }

  mutating func setText(_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>, decimal: Bool) {
    let text = String(decoding: bytes, as: UTF8.self)
    set(position, decimal ? .decimal(text) : .text(text))
  }
}

/// Each value bound to a prepared `INSERT` as it is parsed (SQLite).
struct InserterSink: RowSink {
  let inserter: any RowInserter

  func set(_ position: Int, _ value: DatabaseValue) { inserter.bind(position, value) }

  func setText(_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>, decimal: Bool) {
    inserter.bindText(position, bytes)
  }
}
