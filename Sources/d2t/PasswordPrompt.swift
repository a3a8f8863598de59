import TerminalCore
import Theming
import Widgets

/// Asks for the password a server wants when none was given, without echo (as `psql`
/// does): nothing typed is drawn, not even its length. Enter connects, Esc or Ctrl-C gives
/// up; `problem` says why the last try was refused.
struct PasswordPrompt: TerminalProgram {
  var target: String
  var problem: String?
  var theme: Theme
  private var typed = ""
  /// What was typed, once Enter was pressed; nil while asking or after giving up.
  private(set) var entered: String?

  init(target: String, problem: String? = nil, theme: Theme) {
    self.target = target
    self.problem = problem
    self.theme = theme
  }

  mutating func update(_ event: InputEvent) -> ProgramStep {
    switch event {
    case .paste(let text):
      typed += text.filter { !$0.isNewline }
    case .key(let key):
      let control = key.modifiers.contains(.control)
      switch key.key {
      case .enter:
        guard !typed.isEmpty else { return .continue }
        entered = typed
        typed = ""
        return .quit
      case .escape:
        return .quit
      case .character("c") where control:
        return .quit
      case .character("u") where control:
        typed = ""
      case .backspace:
        if !typed.isEmpty { typed.removeLast() }
      case .character(let character) where !control && !key.modifiers.contains(.alt):
        typed.append(character)
      default:
        break
      }
    default:
      break
    }
    return .continue
  }

  func view(into buffer: inout Buffer) {
    let area = buffer.area
    buffer.fill(area, with: .blank(theme[.background]))
    let lines = ["Password for \(target.terminalSafe):", "(what you type is not shown)"]
    let width = min(area.width, (lines.map(\.count).max() ?? 0) + 4)
    let x = area.x + max(0, (area.width - width) / 2)
    var y = area.y + max(0, area.height / 2 - 2)
    if let problem {
      // The server's reason, wrapped above the prompt.
      let lines = problem.terminalSafe.wrapped(toWidth: max(10, min(area.width - 4, 90)))
      let top = max(area.y, y - 1 - lines.count)
      for (index, line) in lines.enumerated() {
        let lineX = area.x + max(0, (area.width - line.count) / 2)
        buffer.setString(line, x: lineX, y: top + index, width: area.width - lineX, style: theme[.error])
      }
    }
    for (index, line) in lines.enumerated() {
      buffer.setString(line, x: x + 2, y: y, width: area.width - x - 2, style: theme[index == 0 ? .title : .muted])
      y += 1
    }
    buffer.setString(
      "Enter: connect · Esc: give up", x: x + 2, y: y + 1, width: area.width - x - 2, style: theme[.muted])
  }
}
