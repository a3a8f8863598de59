import Access

/// RFC 4180 CSV, rows ended by `\n`, a header row of column labels.
///
/// NULL is an empty unquoted field and an empty string is `""`, so the two stay distinct
/// (PostgreSQL's `COPY … CSV` reads them back the same way). A field is quoted when it is
/// empty or holds `,`, `"`, CR or LF, or is `\.` (COPY's end-of-data marker); quotes inside
/// are doubled — exactly the quoting of PostgreSQL's own CSV output.
///
/// Not yaslab/CSV.swift's `CSVWriter`: it writes one byte per `OutputStream.write` call
/// (about 50 million calls for a million rows) and quotes only by content, so it cannot
/// tell NULL from an empty string without its `quoted:` flag on every field anyway.
public final class CSVExportWriter: BorrowingExportWriter {
  private let out: OutputBuffer

  public init(_ out: OutputBuffer) {
    self.out = out
  }

  public func begin(columns: [String]) throws {
    try write(columns.map(DatabaseValue.text))
  }

  public func write(_ values: [DatabaseValue]) throws {
    for index in values.indices {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      value(values[index])
    }
    out.append(UInt8(ascii: "\n"))
    try out.flushIfFull()
  }

  public func write(borrowed values: [BorrowedValue]) throws {
    let out = out
    values.withUnsafeBufferPointer { values in
      for index in values.indices {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        switch values[index] {
        case .null: break
        case .integer(let v): out.append(digitsOf: v)
        case .bool(let b): out.append(b ? "true" : "false")
        case .text(let bytes): Self.field(bytes, into: out)
        case .timestamp(let t): ExportText.iso8601(t) { out.append($0) }
        case .value(let v): value(v)
        }
      }
    }
    out.append(UInt8(ascii: "\n"))
    try out.flushIfFull()
  }

  public func end() throws {
    try out.flush()
  }

  private func value(_ value: DatabaseValue) {
    switch value {
    case .null: break
    case .integer(let v): out.append(digitsOf: v)
    case .text(var text), .decimal(var text): text.withUTF8 { Self.field($0, into: out) }
    default:
      var text = ExportText.text(value)
      text.withUTF8 { Self.field($0, into: out) }
    }
  }

  /// One field, quoted when it must be (see the type's comment), quotes inside doubled.
  private static func field(_ bytes: UnsafeBufferPointer<UInt8>, into out: OutputBuffer) {
    let isEndMarker =
      bytes.count == 2 && bytes[0] == UInt8(ascii: "\\") && bytes[1] == UInt8(ascii: ".")
    let needsQuotes =
      bytes.isEmpty || isEndMarker
      || bytes.contains { byte in
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 10 || byte == 13
      }
    guard needsQuotes else {
      out.append(bytes)
      return
    }
    out.append(UInt8(ascii: "\""))
    var start = 0
    for index in bytes.indices where bytes[index] == UInt8(ascii: "\"") {
      out.append(UnsafeBufferPointer(rebasing: bytes[start...index]))
      start = index
    }
    out.append(UnsafeBufferPointer(rebasing: bytes[start...]))
    out.append(UInt8(ascii: "\""))
  }
}
