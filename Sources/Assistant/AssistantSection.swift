import Rules

/// The part of a rule file the assistant writes: everything below its marker line. The
/// rest of the file is kept byte for byte; a rule the assistant wrote earlier for the same
/// key and predicate is replaced in place rather than followed by a second one.
///
///     # my own rules, kept as they are
///     task = 'list' => pageSize <= 50
///
///     # ── rules written by the d2t assistant ──
///     task = 'list' AND entity.name = 'Customer' => displayPropertyKeys <= (firstName, lastName)
public enum AssistantSection {
  /// The line that starts the assistant's section.
  public static let marker = "# ── rules written by the d2t assistant ──"

  /// The first line of a rule file the assistant creates for a database (no `--rules` file
  /// and no connection's file): d2t loads such a file only for that database.
  public static func header(database: String) -> String {
    "# d2t assistant rules for the database '\(database)' (loaded only for it)"
  }

  /// The database a file created by the assistant belongs to, read from its first line.
  public static func database(ofHeader firstLine: Substring) -> String? {
    let prefix = "# d2t assistant rules for the database '"
    let suffix = "' (loaded only for it)"
    guard firstLine.hasPrefix(prefix), firstLine.hasSuffix(suffix) else { return nil }
    return String(firstLine.dropFirst(prefix.count).dropLast(suffix.count))
  }

  /// The rules in the assistant's section of `text`, parsed with `file` as their file name
  /// (so they compare equal to the rules the app loaded from it).
  public static func writtenRules(in text: String, file: String, registry: RuleKeyRegistry) -> [Rule] {
    guard let markerLine = markerLineNumber(in: text) else { return [] }
    return RuleParser.parse(text, file: file, registry: registry).rules.filter { ($0.source?.line ?? 0) > markerLine }
  }

  /// `text` with `rule` written: replacing the assistant's rule for the same key and
  /// predicate, else appended to the section (which is created at the end of the file).
  /// Also returns the line it replaced, for undo.
  public static func writing(_ rule: Rule, into text: String, registry: RuleKeyRegistry) -> (text: String, replaced: String?) {
    let line = rule.description
    var lines = splitLines(text)
    if let markerIndex = lines.firstIndex(of: marker) {
      for index in lines.indices where index > markerIndex {
        if let existing = try? RuleParser.rule(lines[index], registry: registry),
          existing.key == rule.key, existing.predicate == rule.predicate
        {
          let old = lines[index]
          lines[index] = line
          return (joinLines(lines, endsWithNewline: true), old)
        }
      }
      return (appending(line, to: text), nil)
    }
    var result = text
    if !result.isEmpty {
      if !result.hasSuffix("\n") { result += "\n" }
      if !result.hasSuffix("\n\n") { result += "\n" }
    }
    result += marker + "\n" + line + "\n"
    return (result, nil)
  }

  /// `text` with the assistant's line `written` put back to `previous` (nil: removed);
  /// nil when the line is no longer in the section (someone edited the file).
  public static func undoing(_ written: String, previous: String?, in text: String) -> String? {
    var lines = splitLines(text)
    guard let markerIndex = lines.firstIndex(of: marker),
      let index = lines.indices.last(where: { $0 > markerIndex && lines[$0] == written })
    else { return nil }
    if let previous {
      lines[index] = previous
    } else {
      lines.remove(at: index)
    }
    return joinLines(lines, endsWithNewline: text.hasSuffix("\n"))
  }

  static func markerLineNumber(in text: String) -> Int? {
    splitLines(text).firstIndex(of: marker).map { $0 + 1 }
  }

  private static func appending(_ line: String, to text: String) -> String {
    (text.hasSuffix("\n") || text.isEmpty ? text : text + "\n") + line + "\n"
  }

  /// Lines without their terminators; a final newline gives no extra empty line.
  private static func splitLines(_ text: String) -> [String] {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if text.hasSuffix("\n") { lines.removeLast() }
    return lines
  }

  private static func joinLines(_ lines: [String], endsWithNewline: Bool) -> String {
    lines.joined(separator: "\n") + (endsWithNewline && !lines.isEmpty ? "\n" : "")
  }
}
