import Assistant
import Foundation
import Rules
import Widgets

/// The assistant's rule writing: a rule goes into the session's rule file (replacing the
/// one with its key and predicate), the rules are reloaded at once so every pane shows the
/// change, and `u` in the assistant takes the last written rule back. A feature of its own:
/// the runtime routes `AppCommand.writeRule`/`.undoRuleWrite` here and carries out the
/// outputs; the file is the `RuleFileWriter` it is given.
struct RuleWritingFeature {
  struct State: Equatable, Sendable {
    /// The written changes, newest last.
    var changes: [RuleFileWriter.Change] = []
    /// The file's rules a change may replace in place, the assistant's first, as last read.
    var fileRules: [Rule] = []
    /// The lines of the file in the assistant's section (rules it wrote).
    var writtenLines: Set<Int> = []
  }

  enum Action: Equatable, Sendable {
    /// Write `rule`; `note` is added to the banner (a more specific rule that still wins).
    case write(Rule, note: String?)
    /// Take back the last written rule.
    case undo
    /// The rules were (re)loaded: read the file's rules again.
    case fileChanged
  }

  enum Output: Equatable, Sendable {
    case banner(Banner.Kind, String)
    /// Load the rules again (every page rebuilds what they decide).
    case reloadRules
    /// Where the rule went, on the status bar's left until the next key.
    case statusNote(String)
  }

  /// Carries out `action` on the file `writer` writes; `refusal` says why a rule may not be
  /// written for the user (`RuleGate`), nil when it may.
  static func update(
    _ state: inout State, _ action: Action, writer: RuleFileWriter?, refusal: (Rule) -> String? = { _ in nil }
  ) -> [Output] {
    if case .write(let rule, _) = action, let refused = refusal(rule) { return [.banner(.warning, refused)] }
    guard let writer else {
      if action == .fileChanged { return [] }
      return [
        .banner(
          action == .undo ? .notice : .warning,
          action == .undo
            ? "The assistant has written nothing to undo in this session"
            : "This session names no rule file for the assistant to write")
      ]
    }
    switch action {
    case .fileChanged:
      let (written, others) = writer.rules()
      state.fileRules = written + others
      state.writtenLines = Set(written.compactMap(\.source?.line))
      return []
    case .write(let rule, let note):
      do {
        let change = try writer.write(rule)
        state.changes.append(change)
        let line = lineNumber(of: change.written, in: writer) ?? 0
        let verb = change.previous == nil ? "Wrote" : "Changed"
        let file = (writer.path as NSString).lastPathComponent
        let text =
          note.map { "\(verb) \(file):\(line), but \($0)" }
          ?? "\(verb) \(file):\(line): \(lastLine(of: change.written)) (u in the assistant undoes)"
        return [
          .reloadRules, .banner(note == nil ? .success : .warning, text), .statusNote("rule written: \(file):\(line)"),
        ]
      } catch {
        return [.banner(.error, "Not written: \(error.message); nothing changed")]
      }
    case .undo:
      guard let change = state.changes.last else {
        return [.banner(.notice, "The assistant has written nothing to undo in this session")]
      }
      do {
        try writer.undo(change)
        state.changes.removeLast()
        let what =
          change.previous.map { "restored \($0.replacingOccurrences(of: "\n", with: " "))" }
          ?? "removed \(lastLine(of: change.written))"
        return [.reloadRules, .banner(.success, "Undone: \(what) in \((writer.path as NSString).lastPathComponent)")]
      } catch {
        return [.banner(.error, "Cannot undo: \(error.message)")]
      }
    }
  }

  /// The rule's own line (a written rule may start with a comment line).
  static func lastLine(of written: String) -> String {
    written.split(separator: "\n").last.map(String.init) ?? written
  }

  private static func lineNumber(of written: String, in writer: RuleFileWriter) -> Int? {
    guard let text = try? writer.read() else { return nil }
    let line = lastLine(of: written)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.lastIndex { $0 == line }.map { $0 + 1 }
  }
}
