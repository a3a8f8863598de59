import Access

/// JSON Lines: one object per row, keys the column labels in order, `\n` after each.
///
/// NULL is `null` and an empty string `""`. Integers and finite doubles are JSON numbers,
/// booleans `true`/`false`; every other value is a JSON string of its exact text
/// (`ExportText`): decimals stay `"4.99"` so no reader rounds them through a double, and
/// JSON columns are their text as a string.
public final class JSONLinesExportWriter: ExportWriter {
  private let out: OutputBuffer
  private var keys: [[UInt8]] = []

  public init(_ out: OutputBuffer) {
    self.out = out
  }

  public func begin(columns: [String]) throws {
    keys = columns.map { column in
      let scratch = OutputBuffer(handle: nil)
      Self.string(column, into: scratch)
      scratch.append(UInt8(ascii: ":"))
      try? scratch.flush()
      return scratch.collected
    }
  }

  public func write(_ values: [DatabaseValue]) throws {
    out.append(UInt8(ascii: "{"))
    for (index, value) in values.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      if index < keys.count { keys[index].withUnsafeBufferPointer { out.append($0) } }
      switch value {
      case .null: out.append("null")
      case .integer(let v): out.append(String(v))
      case .bool(let b): out.append(b ? "true" : "false")
      case .real(let v) where v.isFinite: out.append(v.description)
      default: Self.string(ExportText.text(value), into: out)
      }
    }
    out.append("}\n")
    try out.flushIfFull()
  }

  public func end() throws {
    try out.flush()
  }

  /// A JSON string: `"` and `\` escaped, control characters as `\n`, `\t`, `\u001f`;
  /// everything else as its UTF-8.
  static func string(_ text: String, into out: OutputBuffer) {
    var text = text
    out.append(UInt8(ascii: "\""))
    text.withUTF8 { bytes in
      var start = 0
      for (index, byte) in bytes.enumerated() where byte < 0x20 || byte == 0x22 || byte == 0x5C {
        out.append(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        start = index + 1
        switch byte {
        case 0x22: out.append("\\\"")
        case 0x5C: out.append("\\\\")
        case 0x0A: out.append("\\n")
        case 0x0D: out.append("\\r")
        case 0x09: out.append("\\t")
        default:
          let hex = Array("0123456789abcdef".utf8)
          out.append("\\u00")
          out.append(hex[Int(byte >> 4)])
          out.append(hex[Int(byte & 0xF)])
        }
      }
      out.append(UnsafeBufferPointer(rebasing: bytes[start...]))
    }
    out.append(UInt8(ascii: "\""))
  }
}
