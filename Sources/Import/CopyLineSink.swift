import Access

/// Rows appended to one buffer in `COPY`'s text format (PostgreSQL): tab-separated, `\N` for
/// NULL, backslash escapes; a field's bytes escaped straight from the file's.
struct CopyLineSink: RowSink {
  var bytes: [UInt8] = []

  mutating func set(_ position: Int, _ value: DatabaseValue) {
    if position > 0 { bytes.append(0x09) }
    switch value {
    case .null:
      bytes.append(0x5C)
      bytes.append(0x4E)
    case .integer(let number):
      appendDigits(number)
    case .bool(let flag):
      bytes.append(flag ? 0x74 : 0x66)
    case .timestamp(let stamp):
      // Digits, `-`, `:`, `.`, `+` and a space: nothing COPY escapes.
      stamp.appendDescription(to: &bytes)
    case .text(var text):
      text.withUTF8 { appendEscaped($0) }
    default:
      var text = value.literalText
      text.withUTF8 { appendEscaped($0) }
    }
  }

  mutating func setText(_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>, decimal: Bool) {
    if position > 0 { self.bytes.append(0x09) }
    appendEscaped(bytes)
  }

  /// Ends the row.
  mutating func endRow() { bytes.append(0x0A) }

  private mutating func appendDigits(_ number: Int64) {
    if number < 0 { bytes.append(0x2D) }
    var magnitude = number.magnitude
    let start = bytes.count
    repeat {
      bytes.append(0x30 + UInt8(magnitude % 10))
      magnitude /= 10
    } while magnitude > 0
    bytes[start...].reverse()
  }

  /// The bytes, a backslash before each backslash, and tab, newline and CR as `\t`, `\n`, `\r`.
  private mutating func appendEscaped(_ utf8: UnsafeBufferPointer<UInt8>) {
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
      bytes.append(0x5C)
      bytes.append(escaped)
      start = index + 1
    }
    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
  }
}
