import Access
import Foundation
import TerminalCore

/// A value laid out for the full-value viewer: lines with an indent depth (JSON folding),
/// built in one pass over the value.
struct ViewerDocument: Hashable, Sendable {
  enum Kind: String, Hashable, Sendable {
    case text, json, binary, array
  }

  struct Line: Hashable, Sendable {
    var text: String
    var depth = 0
    /// A JSON line that opens a block (`{` or `[` at its end) folds to its closing line.
    var opens = false
  }

  var kind: Kind
  var lines: [Line]
  /// The widest line, in terminal columns.
  var width = 0

  /// Lays out `value` for a viewer `width` columns wide.
  init(_ value: DatabaseValue, width: Int) {
    switch value {
    case .json(let text):
      kind = .json
      lines = Self.prettyJSON(text)
    case .blob(let bytes):
      kind = .binary
      lines = Self.hexDump(bytes, width: width)
    case .array(let values):
      kind = .array
      lines = values.enumerated().map { Line(text: "[\($0.offset)] " + Self.text(of: $0.element)) }
      if lines.isEmpty { lines = [Line(text: "(empty array)")] }
    case .null:
      kind = .text
      lines = [Line(text: "∅ (null)")]
    default:
      kind = .text
      lines = Self.text(of: value).wrapped(toWidth: max(1, width)).map { Line(text: $0) }
      if lines.isEmpty { lines = [Line(text: "")] }
    }
    self.width = kind == .binary ? (lines.first?.text.count ?? 0) : lines.reduce(0) { max($0, $1.text.displayWidth) }
  }

  static func text(of value: DatabaseValue) -> String {
    switch value {
    case .null: return "∅"
    case .text(let text), .json(let text), .decimal(let text): return text
    case .array(let values): return "{" + values.map(text(of:)).joined(separator: ", ") + "}"
    case .blob(let bytes): return bytes.count == 1 ? "1 byte" : "\(bytes.count) bytes"
    default: return value.literalText
    }
  }

  /// JSON pretty-printed from its text, keeping key order and number text exactly; text
  /// that is not JSON stays as it is, one line per line.
  static func prettyJSON(_ text: String) -> [Line] {
    var lines: [Line] = []
    var current = ""
    var depth = 0
    var inString = false
    var escaped = false
    func flush(opens: Bool = false) {
      if !current.isEmpty {
        lines.append(Line(text: String(repeating: "  ", count: depth) + current, depth: depth, opens: opens))
      }
      current = ""
    }
    // By Unicode scalars, as `JSONText` scans: a quote and a combining mark after it are
    // one Character, which is no quote.
    var previous: Unicode.Scalar = " "
    for scalar in text.unicodeScalars {
      if inString {
        current.unicodeScalars.append(scalar)
        if escaped {
          escaped = false
        } else if scalar == "\\" {
          escaped = true
        } else if scalar == "\"" {
          inString = false
        }
        previous = scalar
        continue
      }
      switch scalar {
      case "\"":
        inString = true
        current.unicodeScalars.append(scalar)
      case "{", "[":
        current.unicodeScalars.append(scalar)
        flush(opens: true)
        depth += 1
      case "}", "]":
        if previous == "{" || previous == "[", !lines.isEmpty {
          lines[lines.count - 1].text.unicodeScalars.append(scalar)
          lines[lines.count - 1].opens = false
          depth -= 1
        } else {
          flush()
          depth = max(0, depth - 1)
          current.unicodeScalars.append(scalar)
        }
      case ",":
        current.unicodeScalars.append(scalar)
        flush()
      case ":":
        current.append(": ")
      case " ", "\n", "\t", "\r":
        break
      default:
        current.unicodeScalars.append(scalar)
      }
      if !scalar.properties.isWhitespace { previous = scalar }
    }
    flush()
    return lines.isEmpty ? [Line(text: text)] : lines
  }

  /// `00000000  7f 45 4c 46 …  |.ELF…|`: 16 bytes a line when `width` has room, else 8,
  /// 4, 2 or 1 (a line of n bytes takes 4n + 13 columns).
  static func hexDump(_ bytes: [UInt8], width: Int) -> [Line] {
    if bytes.isEmpty { return [Line(text: "(0 bytes)")] }
    let perLine = bytesPerLine(width: width)
    return stride(from: 0, to: bytes.count, by: perLine).map { offset in
      let chunk = bytes[offset..<min(bytes.count, offset + perLine)]
      let hex = chunk.map { String(format: "%02x", $0) }.joined(separator: " ")
      let ascii = String(chunk.map { (0x20...0x7e).contains($0) ? Character(UnicodeScalar($0)) : "." })
      return Line(
        text: String(format: "%08x  ", offset)
          + hex.padding(toLength: perLine * 3 - 1, withPad: " ", startingAt: 0) + "  |" + ascii + "|")
    }
  }

  /// The most bytes of 16, 8, 4, 2, 1 whose hex dump line fits `width`.
  static func bytesPerLine(width: Int) -> Int {
    [16, 8, 4, 2].first { 4 * $0 + 13 <= width } ?? 1
  }

  /// The index of the line closing the block `index` opens.
  func blockEnd(_ index: Int) -> Int {
    guard lines.indices.contains(index), lines[index].opens else { return index }
    let depth = lines[index].depth
    var end = index + 1
    while end < lines.count && lines[end].depth > depth { end += 1 }
    return min(end, lines.count - 1)
  }
}
