/// A problem in a rule file, with its place and the offending line under a caret.
///
///     Rules/sakila.rules:3:24: error: 'isObjectEditable' needs a value of type Bool, found string 'yes'
///         entity.name = 'Film' => isObjectEditable <= 'yes'
///                                                     ^
public struct RuleDiagnostic: Error, Hashable, Sendable, CustomStringConvertible {
  /// Errors make a rule file unusable; warnings do not.
  public enum Severity: String, Hashable, Sendable {
    case error
    case warning
  }

  public var severity: Severity
  public var file: String
  public var line: Int
  public var column: Int
  public var message: String
  /// The text of the line the problem is on, for the caret display.
  public var sourceLine: String

  public init(
    _ severity: Severity, file: String, line: Int, column: Int, message: String, sourceLine: String
  ) {
    self.severity = severity
    self.file = file
    self.line = line
    self.column = column
    self.message = message
    self.sourceLine = sourceLine
  }

  /// `file:line:col: error: message`.
  public var summary: String {
    "\(file):\(line):\(column): \(severity.rawValue): \(message)"
  }

  /// The most of a line quoted: a longer one is cut around the column, with `…` for what
  /// is left out.
  static let excerptLength = 120

  /// The summary, the line (a long one cut around the column) and a caret under the column.
  public var description: String {
    let characters = Array(sourceLine)
    var start = 0, end = characters.count
    if characters.count > Self.excerptLength {
      start = min(max(0, column - 1 - Self.excerptLength / 2), characters.count - Self.excerptLength)
      end = start + Self.excerptLength
    }
    let head = start > 0 ? "…" : "", tail = end < characters.count ? "…" : ""
    let caretAt = max(0, min(column - 1, end) - start)
    let prefix =
      (head.isEmpty ? "" : " ") + characters[start..<(start + caretAt)].map { $0 == "\t" ? "\t" : " " }.joined()
    return "\(summary)\n    \(head)\(String(characters[start..<end]))\(tail)\n    \(prefix)^"
  }
}

/// The lines of a rule file, to quote them in diagnostics.
struct SourceLines {
  let file: String
  let lines: [Substring]

  /// Lines end at `\n`, `\r\n` (one `Character` in Swift) or a lone `\r`.
  init(file: String, text: String) {
    self.file = file
    lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
  }

  func text(ofLine line: Int) -> String {
    line >= 1 && line <= lines.count ? String(lines[line - 1]) : ""
  }

  func diagnostic(_ severity: RuleDiagnostic.Severity, line: Int, column: Int, _ message: String) -> RuleDiagnostic {
    RuleDiagnostic(severity, file: file, line: line, column: column, message: message, sourceLine: text(ofLine: line))
  }
}
