import Access
import Assistant
import Rules
import TerminalCore
import Theming
import Widgets

/// The assistant's pane: the options with their values and rules; a field while a value is
/// typed; the candidates with a live preview of the focused value; the scopes with the
/// exact rule each writes and the file it goes to.
extension AssistantFeature {
  static func draw(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    let theme = context.theme
    var y = area.y
    func line(_ text: String, _ role: ThemeRole, x: Int = 0) {
      guard y < area.bottom else { return }
      buffer.setString(text, x: area.x + x, y: y, width: max(0, area.width - x), style: theme[role])
      y += 1
    }
    switch state.mode {
    case .browse:
      // Two lines an option (value, then the rule that gave it); scrolled to the selection.
      let fits = max(1, (area.height - 3) / 2)
      let first = max(0, min(state.selected - fits + 1, state.options.count - fits))
      for index in state.options.indices.dropFirst(first).prefix(fits) {
        let option = state.options[index]
        let selected = index == state.selected
        line(
          (selected ? "▌" : " ") + option.title + ": " + option.value,
          selected ? (context.focused ? .selection : .inactiveSelection) : .foreground)
        line("   ← " + option.source, .muted)
      }
      y += 1
      line("Enter changes · u undoes the last written rule · Esc closes", .muted)
      if let file = context.session.assistantFile {
        line("Rules go to " + AssistantFile.fittedPath(file.path, width: area.width - "Rules go to ".count), .muted)
      }
      if let message = state.message { line(message, .warning) }
    case .text(let option, var field):
      line(option.title + " (now " + option.value + ", ← " + option.source + ")", .header)
      if y < area.bottom {
        TextField(focused: context.focused, theme: theme)
          .render(in: Rect(x: area.x, y: y, width: area.width, height: 1), buffer: &buffer, state: &field)
        y += 1
      }
      line("Enter applies · Esc cancels", .muted)
      if let message = state.message { line(message, .error) }
    case .choose(let option, let names, let index):
      line(option.title + " (now " + option.value + ", ← " + option.source + ")", .header)
      let previews = previews(option, names, state.request, in: context.session)
      let width = min(28, (names.map(\.count).max() ?? 0) + 2)
      let visible = max(1, area.bottom - y)
      let first = max(0, min(index - visible / 2, names.count - visible))
      for position in first..<min(names.count, first + visible) {
        let selected = position == index
        var text = (selected ? "▌" : " ") + names[position]
        if let preview = previews[position] {
          text = text.padding(toLength: width, withPad: " ", startingAt: 0) + " " + preview
        }
        line(text, selected ? .selection : .foreground)
      }
    case .scope(let change, let index):
      line("\(change.title): apply to", .header)
      for (position, scope) in change.scopes.enumerated() {
        let selected = position == index
        let text =
          (selected ? "▌" : " ") + "\(position + 1) " + scope.label(for: change.target)
          + (position == 0 ? " (default)" : "")
        line(text, selected ? .selection : .foreground)
      }
      y += 1
      if change.plans.indices.contains(index) {
        let plan = change.plans[index]
        line(Session.writingHeading(plan, file: context.session.assistantFile), .header)
        for part in wrap(plan.rule.description, width: max(10, area.width - 2)) { line(part, .accent, x: 2) }
        if let refusal = RuleGate(context.session).refusal(for: plan.rule) {
          for part in wrap("✖ " + refusal, width: max(10, area.width - 2)) { line(part, .error) }
        }
        if let file = context.session.assistantFile {
          line("to " + AssistantFile.fittedPath(file.path, width: area.width - 3), .muted)
        }
        if let note = Session.stillWinningNote(plan) {
          y += 1
          for part in wrap("⚠ " + note + " — written anyway if you confirm", width: area.width) { line(part, .warning) }
        }
      }
      y += 1
      line("Enter writes · Esc cancels", .muted)
    }
  }

  /// For formatters and components: the focused value as each candidate shows it.
  static func previews(
    _ option: AssistantOption, _ names: [String], _ request: AssistantRequest, in session: Session
  )
    -> [String?]
  {
    guard option.kind == .formatter || option.kind == .component, request.task != .edit,
      let entity = session.entity(named: request.entityName), let key = request.propertyKey, let row = request.row
    else { return names.map { _ in nil } }
    let presentation = session.presentation(
      task: request.task, entity: entity, propertyKey: key, component: "DisplayString")
    let base = session.componentContext(presentation, entity: entity, isDetail: false)
    let value = PropertyValue.value(row[key] ?? .null)
    return names.map { name in
      var componentContext = base
      var component = session.registry.component(named: presentation.component)
      if option.kind == .formatter {
        componentContext.formatter = name == "(none)" ? nil : session.registry.formatter(named: name)
      } else {
        component = session.registry.component(named: name)
      }
      return "→ " + component.display(value, in: componentContext).text
    }
  }

  /// Lines of at most `width` characters, broken after spaces where there are some.
  static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [text] }
    var lines: [String] = []
    var rest = Substring(text)
    while rest.count > width {
      let head = rest.prefix(width + 1)
      if let space = head.lastIndex(of: " "), space > rest.startIndex {
        lines.append(String(rest[..<space]))
        rest = rest[rest.index(after: space)...]
      } else {
        lines.append(String(rest.prefix(width)))
        rest = rest.dropFirst(width)
      }
    }
    lines.append(String(rest))
    return lines
  }
}
