import Access
import TerminalCore
import Theming
import Widgets

/// Drawing an edit page: labels, editors, errors and hints.
extension EditFeature {
  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    let theme = context.theme
    var area = area
    if let message = state.message {
      for line in message.wrapped(toWidth: max(1, area.width)).prefix(3) {
        buffer.setString(line, x: area.x, y: area.y, width: area.width, style: theme[.error])
        area.y += 1
        area.height -= 1
      }
    }
    let labelWidth = min(max(8, area.width / 3), (state.fields.map(\.label.displayWidth).max() ?? 8) + 2)
    let valueWidth = max(1, area.width - labelWidth - 1)
    var y = area.y
    let start = max(0, state.focus - max(1, area.height / 2 - 1))
    for index in state.fields.indices.dropFirst(start) {
      guard y < area.bottom else { break }
      let field = state.fields[index]
      let isFocused = index == state.focus && context.focused
      buffer.setString((index == state.focus ? "▌" : " ") + field.label, x: area.x, y: y, width: labelWidth - 1,
        style: theme[field.error != nil ? .error : (isFocused ? .accent : .muted)])
      buffer.setString(field.isDirty ? "•" : " ", x: area.x + labelWidth - 1, y: y, style: theme[.warning])
      if case .largeText = field.editor, isFocused {
        let height = max(1, min(5, area.bottom - y))
        var text = field.area
        TextArea(focused: true, theme: theme).render(
          in: Rect(x: area.x + labelWidth + 1, y: y, width: valueWidth - 1, height: height),
          buffer: &buffer, state: &text)
        y += height
      } else {
        drawValue(field, focused: isFocused, context: context,
          in: Rect(x: area.x + labelWidth + 1, y: y, width: valueWidth - 1, height: 1), buffer: &buffer)
        y += 1
      }
      var notes: [(String, ThemeRole)] = []
      if let error = field.error { notes.append(("⚠ " + error, .error)) }
      if isFocused, let hint = field.hint { notes.append((hint, .muted)) }
      for note in notes where y < area.bottom {
        buffer.setString(note.0, x: area.x + labelWidth + 1, y: y, width: valueWidth - 1, style: theme[note.1])
        y += 1
      }
    }
    if let since = state.savingSince ?? state.loadingSince {
      Spinner.draw(since: since, in: area, context: context, buffer: &buffer)
    }
  }

  static func drawValue(_ field: EditField, focused: Bool, context: ViewContext, in area: Rect, buffer: inout Buffer) {
    let theme = context.theme
    let inputStyle = theme[focused ? .focusedInput : .input]
    switch field.editor {
    case .text, .largeText:
      if field.value.isNull && field.text.text.isEmpty && !focused {
        buffer.setString(field.usesDefault ? "(default)" : "∅", x: area.x, y: area.y, style: theme[.muted])
        return
      }
      var text = field.text
      if case .largeText = field.editor { text = TextFieldState(field.area.text.replacingNewlines()) }
      if !focused { text.cursor = 0 }
      TextField(focused: focused, theme: theme).render(in: area, buffer: &buffer, state: &text)
    case .toggle:
      let on = DisplayBool.truth(field.value)
      let label = field.value.isNull ? "∅" : (on == true ? "✓ yes" : "✗ no")
      buffer.setString("[" + label + "]", x: area.x, y: area.y, width: area.width, style: inputStyle)
    case .custom(let name):
      context.registry.editor(named: name)?.render(
        field.value, focused: focused, context: field.editContext, in: area, buffer: &buffer, theme: theme)
    case .toOne:
      let title = field.value.isNull ? "∅" : (field.title ?? field.value.plainText)
      buffer.setString(title + "  ⏎ choose", x: area.x, y: area.y, width: area.width, style: inputStyle)
    case .readOnly(let reason):
      let shown = field.attribute?.isPassword == true ? "••••••" : field.value.plainText
      buffer.setString(shown + "  (" + reason + ")", x: area.x, y: area.y, width: area.width, style: theme[.muted])
    }
  }
}
