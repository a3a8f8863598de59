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

  /// The formats marked rows are copied in (`Y` with marks), by name and label.
  static let formats: [(name: String, label: String)] = [
    ("tsv", "Tab-separated"), ("csv", "CSV"), ("json", "JSON lines"), ("markdown", "Markdown table"),
  ]

  /// Rows with a header line of their labels (but for JSON lines): tab-separated as `COPY`
  /// writes them, CSV as `d2t export` does (NULL an empty field, `""` an empty string), one
  /// JSON object a line, or a Markdown table (`|` escaped, line breaks as spaces).
  static func table(_ rows: [[(label: String, value: DatabaseValue)]], format: String) -> String {
    guard let first = rows.first else { return "" }
    let labels = first.map(\.label)
    switch format.lowercased() {
    case "json":
      return rows.map { row($0, format: "json") }.joined(separator: "\n")
    case "csv":
      return
        ([labels.map(csvField).joined(separator: ",")]
        + rows.map { $0.map { $0.value.isNull ? "" : csvField(value($0.value)) }.joined(separator: ",") })
        .joined(separator: "\n")
    case "markdown":
      func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\r\n", with: " ")
          .replacingOccurrences(of: "\n", with: " ")
      }
      return
        ([
          "| " + labels.map(cell).joined(separator: " | ") + " |",
          "|" + labels.map { _ in " --- |" }.joined(),
        ]
        + rows.map { "| " + $0.map { cell(value($0.value)) }.joined(separator: " | ") + " |" })
        .joined(separator: "\n")
    default:
      return ([labels.joined(separator: "\t")] + rows.map { row($0, format: "tsv") }).joined(separator: "\n")
    }
  }

  /// A CSV field, quoted when empty or when it holds a comma, quote or line break.
  static func csvField(_ text: String) -> String {
    guard text.isEmpty || text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
    return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
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
