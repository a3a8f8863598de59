import Access
import Export
import Foundation
import Rules

/// What `y` and `Y` copy: a value exactly as stored (decimals as written, timestamps in
/// ISO form, never a password), a row as tab-separated values or JSON (`copyRowFormat`).
enum CopyText {
  /// One value's text, the same as an export writes it (`ExportText`): booleans
  /// `true`/`false`, binary `\x0aff`, timestamps ISO 8601, decimals as stored. NULL has
  /// no text (`y` on a NULL copies nothing and says so).
  static func value(_ value: DatabaseValue) -> String {
    ExportText.text(value)
  }

  /// A row of (label, value) pairs in the format the `copyRowFormat` rule names.
  static func row(_ fields: [(label: String, value: DatabaseValue)], format: String) -> String {
    if format.lowercased() == "json" {
      let members = fields.map { field -> String in
        let value: String
        switch field.value {
        case .null: value = "null"
        case .bool(let flag): value = flag ? "true" : "false"
        case .integer(let number): value = String(number)
        default: value = quoted(self.value(field.value))
        }
        return quoted(field.label) + ": " + value
      }
      return "{" + members.joined(separator: ", ") + "}"
    }
    return fields.map { tsvField($0.value) }.joined(separator: "\t")
  }

  /// One field of a tab-separated row in PostgreSQL's text format, as `COPY … TO STDOUT`
  /// writes it (so `\copy … FROM STDIN` reads it back): NULL is `\N`, distinct from an
  /// empty string; backslash, tab, LF and CR are escaped (`\\`, `\t`, `\n`, `\r`), so a
  /// binary value's `\x0aff` is `\\x0aff` there.
  static func tsvField(_ value: DatabaseValue) -> String {
    if value.isNull { return "\\N" }
    var field = ""
    for character in self.value(value).unicodeScalars {
      switch character {
      case "\\": field += "\\\\"
      case "\t": field += "\\t"
      case "\n": field += "\\n"
      case "\r": field += "\\r"
      default: field.unicodeScalars.append(character)
      }
    }
    return field
  }

  static func quoted(_ text: String) -> String {
    let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  /// `“ELLIOT”` or `NULL` for the banner, short.
  static func describe(_ text: String, isNull: Bool) -> String {
    isNull ? "NULL" : "“" + RecordTitle.shortened(text, limit: 30) + "”"
  }
}
