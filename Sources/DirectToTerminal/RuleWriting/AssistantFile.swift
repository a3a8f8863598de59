import Foundation
import History
import Rules

/// The assistant's rule file as pages see it: where it is and the rules a change replaces.
public struct AssistantFile: Hashable, Sendable {
  public var path: String
  /// The file's rules, the assistant's first: one with a change's key and predicate is
  /// replaced in place.
  public var rules: [Rule]
  /// The lines of the rules the assistant wrote (its section); the others are the user's.
  public var writtenLines: Set<Int> = []

  /// Whether the assistant wrote `rule` (else it is the user's own).
  func isWrittenByAssistant(_ rule: Rule) -> Bool {
    rule.source.map { writtenLines.contains($0.line) } ?? false
  }

  /// `shortPath` cut in the middle to at most `width` characters, keeping the start and the
  /// file's name: `~/.config/…/rules/shop.rules`.
  static func fittedPath(_ path: String, width: Int) -> String {
    let short = shortPath(path)
    guard short.count > width, width > 1 else { return short }
    let tail = max(1, min(short.count - 1, (width - 1) * 2 / 3))
    let head = max(0, width - 1 - tail)
    return String(short.prefix(head)) + "…" + String(short.suffix(width - 1 - head))
  }

  /// `~/.config/d2t/rules/shop.rules` for a path under the home directory.
  static func shortPath(_ path: String) -> String {
    let home = StateDirectory.home()
    return path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
  }
}
