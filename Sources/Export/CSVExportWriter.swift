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
public final class CSVExportWriter: ExportWriter {
  private let out: OutputBuffer

  public init(_ out: OutputBuffer) {
    self.out = out
  }

  public func begin(columns: [String]) throws {
    try writeRow(columns.map(DatabaseValue.text))
  }

  public func write(_ values: [DatabaseValue]) throws {
    try writeRow(values)
  }

  public func end() throws {
    try out.flush()
  }

  private func writeRow(_ values: [DatabaseValue]) throws {
    for (index, value) in values.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      switch value {
      case .null: break
      case .integer(let v): out.append(String(v))
      default: field(ExportText.text(value))
      }
    }
    out.append(UInt8(ascii: "\n"))
    try out.flushIfFull()
  }

  private func field(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      let isEndMarker = bytes.count == 2 && bytes[0] == UInt8(ascii: "\\") && bytes[1] == UInt8(ascii: ".")
      let needsQuotes = bytes.isEmpty || isEndMarker || bytes.contains { byte in
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 10 || byte == 13
      }
      guard needsQuotes else {
        out.append(bytes)
        return
      }
      out.append(UInt8(ascii: "\""))
      for byte in bytes {
        if byte == UInt8(ascii: "\"") { out.append(byte) }
        out.append(byte)
      }
      out.append(UInt8(ascii: "\""))
    }
  }
}
