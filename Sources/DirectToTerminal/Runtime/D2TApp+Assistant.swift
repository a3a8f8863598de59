import Access
import Assistant
import Foundation
import Rules

/// The assistant's side of the runtime: `A` opens it for what has focus; its rules are
/// written to the session's rule file and the rules reloaded at once; `u` in the assistant
/// takes the last written rule back.
extension D2TApp {
  /// `A`: the assistant for the focused column or field, entity, or page.
  mutating func openAssistant() {
    guard let page = state.focusedPage, let driver = driver(for: page) else { return }
    if page.task == .assistant { return }
    let session = session()
    let description = driver.describe(page.state, in: session)
    let focus = description.focus
    let entityName = description.entityName
    let kind: AssistantRequest.Kind
    switch page.task {
    case .query: kind = entityName == nil ? .page : .entity
    case .list, .select: kind = focus.propertyKey == nil ? .page : .column
    case .inspect, .edit: kind = focus.propertyKey == nil ? .page : .field
    default: kind = .page
    }
    let request = AssistantRequest(
      kind: kind, task: page.task, entityName: entityName, propertyKey: kind == .entity ? nil : focus.propertyKey,
      row: focus.row)
    openPage(PageRequest(task: .assistant, entityName: nil, crumb: "Assistant", detail: request))
  }

  /// Writes `rule` into the assistant's file, remembers it for undo and reloads the rules,
  /// so every pane shows the change now. A file that cannot be written leaves everything
  /// as it was and says why.
  mutating func writeRule(_ rule: Rule, note: String?) {
    guard let writer = assistantWriter else {
      post(.banner(.warning, "This session names no rule file for the assistant to write"))
      return
    }
    do {
      let change = try writer.write(rule)
      state.assistantChanges.append(change)
      reloadRules()
      let line = lineNumber(of: change.written, in: writer) ?? 0
      let verb = change.previous == nil ? "Wrote" : "Changed"
      let file = (writer.path as NSString).lastPathComponent
      let ruleLine = change.written.split(separator: "\n").last.map(String.init) ?? change.written
      var text = "\(verb) \(file):\(line): \(ruleLine) (u in the assistant undoes)"
      if let note { text = "\(verb) \(file):\(line), but \(note)" }
      post(.banner(note == nil ? .success : .warning, text))
      state.statusNote = "rule written: \(file):\(line)"
    } catch {
      post(.banner(.error, "Not written: \(error.message); nothing changed"))
    }
  }

  /// `u` in the assistant: the last written rule goes (or the one it replaced returns).
  mutating func undoRuleWrite() {
    guard let writer = assistantWriter, let change = state.assistantChanges.last else {
      post(.banner(.notice, "The assistant has written nothing to undo in this session"))
      return
    }
    do {
      try writer.undo(change)
      state.assistantChanges.removeLast()
      reloadRules()
      let what =
        change.previous.map { "restored \($0.replacingOccurrences(of: "\n", with: " "))" }
        ?? "removed \(change.written.split(separator: "\n").last.map(String.init) ?? change.written)"
      post(.banner(.success, "Undone: \(what) in \((writer.path as NSString).lastPathComponent)"))
    } catch {
      post(.banner(.error, "Cannot undo: \(error.message)"))
    }
  }

  private func lineNumber(of written: String, in writer: RuleFileWriter) -> Int? {
    guard let text = try? writer.read() else { return nil }
    let line = written.split(separator: "\n").last.map(String.init) ?? written
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    return lines.lastIndex { $0 == line }.map { $0 + 1 }
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
    let home = NSHomeDirectory()
    return path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
  }
}

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
}
