import Foundation
import Rules

/// The part of a rule file the assistant writes: everything below its marker line. The
/// rest of the file is kept byte for byte, except a rule for the same key and predicate as
/// a new one, which is replaced in place rather than followed by a second one.
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

  /// The rules of `text`, parsed once with `file` as their file name (so they compare equal
  /// to the rules the app loaded from it): those in the assistant's section, and the others.
  public static func rules(
    in text: String, file: String, registry: RuleKeyRegistry
  ) -> (written: [Rule], others: [Rule]) {
    let markerLine = markerLineNumber(in: text) ?? Int.max
    let rules = RuleParser.parse(text, file: file, registry: registry).rules
    return (rules.filter { ($0.source?.line ?? 0) > markerLine }, rules.filter { ($0.source?.line ?? 0) < markerLine })
  }

  /// The rules in the assistant's section of `text`.
  public static func writtenRules(in text: String, file: String, registry: RuleKeyRegistry) -> [Rule] {
    rules(in: text, file: file, registry: registry).written
  }

  /// The rules of `text` that a change for the same key and predicate replaces in place:
  /// the assistant's own first, then the file's other rules (a rule of the user's with the
  /// very same predicate would otherwise be left to never win).
  public static func replaceableRules(in text: String, file: String, registry: RuleKeyRegistry) -> [Rule] {
    let (written, others) = rules(in: text, file: file, registry: registry)
    return written + others
  }

  /// `text` with `rule` written: replacing the rule for the same key and predicate (the
  /// assistant's, else one of the file's own, in place, its comments and the other lines
  /// untouched), else appended to the section (which is created at the end of the file).
  /// A replaced rule's comment after it stays after the new text (`… <= true   # mine`);
  /// comment lines inside a rule written over several lines move above it, as `d2t rules
  /// format` moves them. Also returns the lines written (the rule last) and the lines it replaced, for undo.
  public static func writing(
    _ rule: Rule, into text: String, registry: RuleKeyRegistry
  )
    -> (text: String, written: String, replaced: String?)
  {
    var lines = splitLines(text)
    let existing = replaceableRules(in: text, file: "", registry: registry).first {
      $0.key == rule.key && RulePlan.samePredicate($0.predicate, rule.predicate)
    }
    if let source = existing?.source, source.line >= 1, source.endLine >= source.line, source.endLine <= lines.count {
      let range = (source.line - 1)..<source.endLine
      let old = lines[range]
      var replacement = old.dropLast().compactMap { inner -> String? in
        RuleFormatter.trailingComment(of: inner).map { $0.trimmingCharacters(in: .whitespaces) }
      }
      let line = rule.description + (old.last.flatMap { RuleFormatter.trailingComment(of: $0) } ?? "")
      replacement.append(line)
      lines.replaceSubrange(range, with: replacement)
      return (joinLines(lines, endsWithNewline: true), replacement.joined(separator: "\n"), old.joined(separator: "\n"))
    }
    let line = rule.description
    if lines.contains(marker) { return (appending(line, to: text), line, nil) }
    var result = text
    if !result.isEmpty {
      if !result.hasSuffix("\n") { result += "\n" }
      if !result.hasSuffix("\n\n") { result += "\n" }
    }
    result += marker + "\n" + line + "\n"
    return (result, line, nil)
  }

  /// Whether `rule` (of the file `text`) is in the assistant's section, written by it.
  public static func isWrittenByAssistant(_ rule: Rule, in text: String) -> Bool {
    guard let markerLine = markerLineNumber(in: text), let line = rule.source?.line else { return false }
    return line > markerLine
  }

  /// `text` with the lines `written` put back to `previous` (the lines it replaced; nil:
  /// removed); nil when the line is no longer in the file (someone edited it).
  public static func undoing(_ written: String, previous: String?, in text: String) -> String? {
    var lines = splitLines(text)
    let block = splitLines(written + "\n")
    guard !block.isEmpty,
      let start = lines.indices.last(where: { Array(lines.dropFirst($0).prefix(block.count)) == block })
    else { return nil }
    lines.replaceSubrange(start..<(start + block.count), with: previous.map { [$0] } ?? [])
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
