import Access
import TerminalCore
import Theming
import Widgets

/// Drawing edit and login pages and the dialogs.
extension D2TApp {
  func drawEdit(_ edit: inout EditState, in area: Rect, focused: Bool, buffer: inout Buffer) {
    var area = area
    if let message = edit.message {
      let lines = message.wrapped(toWidth: max(1, area.width))
      for line in lines.prefix(3) {
        buffer.setString(line, x: area.x, y: area.y, width: area.width, style: theme[.error])
        area.y += 1
        area.height -= 1
      }
    }
    let labelWidth = min(max(8, area.width / 3), (edit.fields.map(\.label.displayWidth).max() ?? 8) + 2)
    let valueWidth = max(1, area.width - labelWidth - 1)
    var y = area.y
    let start = max(0, edit.focus - max(1, area.height / 2 - 1))
    for index in edit.fields.indices.dropFirst(start) {
      guard y < area.bottom else { break }
      let field = edit.fields[index]
      let isFocused = index == edit.focus && focused
      let marker = index == edit.focus ? "▌" : " "
      let dirty = field.isDirty ? "•" : " "
      buffer.setString(marker + field.label, x: area.x, y: y, width: labelWidth - 1,
        style: theme[field.error != nil ? .error : (isFocused ? .accent : .muted)])
      buffer.setString(dirty, x: area.x + labelWidth - 1, y: y, style: theme[.warning])
      if case .largeText = field.editor, isFocused {
        let height = max(1, min(5, area.bottom - y))
        var text = field.area
        TextArea(focused: true, theme: theme).render(
          in: Rect(x: area.x + labelWidth + 1, y: y, width: valueWidth - 1, height: height),
          buffer: &buffer, state: &text)
        y += height
      } else {
        let valueArea = Rect(x: area.x + labelWidth + 1, y: y, width: valueWidth - 1, height: 1)
        drawEditValue(field, focused: isFocused, in: valueArea, buffer: &buffer)
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
    if let since = edit.saving ?? edit.loading { drawSpinner(since: since, in: area, buffer: &buffer) }
  }

  func drawEditValue(_ field: EditField, focused: Bool, in area: Rect, buffer: inout Buffer) {
    let context = EditContext(attribute: field.attribute, choices: field.choices, isNullable: isNullable(field))
    let inputStyle = theme[focused ? .focusedInput : .input]
    switch field.editor {
    case .text, .largeText:
      if field.value.isNull && field.text.text.isEmpty && !focused {
        buffer.setString(field.usesDefault ? "(default)" : "∅", x: area.x, y: area.y, style: theme[.muted])
        return
      }
      var text = field.text
      if case .largeText = field.editor { text = TextFieldState(field.area.text.replacingNewlines()) }
      TextField(focused: focused, theme: theme).render(in: area, buffer: &buffer, state: &text)
    case .toggle:
      let on = DisplayBool.truth(field.value)
      let label = field.value.isNull ? "∅" : (on == true ? "✓ yes" : "✗ no")
      buffer.setString("[" + label + "]", x: area.x, y: area.y, width: area.width, style: inputStyle)
    case .custom(let name):
      registry.editor(named: name)?.render(
        field.value, focused: focused, context: context, in: area, buffer: &buffer, theme: theme)
    case .toOne:
      let title = field.value.isNull ? "∅" : (field.title ?? field.value.plainText)
      buffer.setString(title + "  ⏎ choose", x: area.x, y: area.y, width: area.width, style: inputStyle)
    case .readOnly(let reason):
      let shown = field.attribute?.isPassword == true ? "••••••" : field.value.plainText
      buffer.setString(shown + "  (" + reason + ")", x: area.x, y: area.y, width: area.width, style: theme[.muted])
    }
  }

  func drawLogin(_ login: LoginState, in area: Rect, focused: Bool, buffer: inout Buffer) {
    let width = min(48, area.width - 2)
    let x = area.x + max(0, (area.width - width) / 2)
    var y = area.y + max(0, area.height / 2 - 4)
    buffer.setString("Log in to " + databaseTitle, x: x, y: y, width: width, style: theme[.title])
    y += 2
    var user = login.username
    var password = login.password
    buffer.setString("User", x: x, y: y, style: theme[.muted])
    TextField(placeholder: "user name", focused: focused && login.focus == 0, theme: theme)
      .render(in: Rect(x: x + 10, y: y, width: width - 10, height: 1), buffer: &buffer, state: &user)
    y += 2
    buffer.setString("Password", x: x, y: y, style: theme[.muted])
    TextField(placeholder: "password", mask: "•", focused: focused && login.focus == 1, theme: theme)
      .render(in: Rect(x: x + 10, y: y, width: width - 10, height: 1), buffer: &buffer, state: &password)
    y += 2
    if let message = login.message {
      buffer.setString(message, x: x, y: y, width: width, style: theme[.error])
    }
    if let since = login.checking { drawSpinner(since: since, in: area, buffer: &buffer) }
  }

  /// The edit page's dialog or the app's delete confirmation, centred over everything.
  mutating func drawDialogs(in area: Rect, buffer: inout Buffer) {
    if let dialog = state.dialog, case .confirmDelete(_, _, _, let title) = dialog {
      var dialogState = state.dialogState
      Dialog(title: "Delete", message: "Delete \(title)? This cannot be undone except with u.",
        buttons: ["Delete", "Cancel"], isError: true, theme: theme)
        .render(in: area, buffer: &buffer, state: &dialogState)
      state.dialogState = dialogState
    }
    guard let index = state.stack.indices.last, case .edit(var edit) = state.stack[index].content,
      let dialog = edit.dialog
    else { return }
    let widget: Dialog
    switch dialog {
    case .unsaved:
      widget = Dialog(title: "Unsaved changes", message: "Save your changes?",
        buttons: ["Save", "Discard", "Cancel"], theme: theme)
    case .conflict(let conflict):
      if conflict.isDeleted {
        widget = Dialog(title: "Conflict", message: "Someone else deleted this row while you edited it.",
          buttons: ["Keep editing", "Discard"], isError: true, theme: theme)
      } else {
        let lines = conflict.fields.map { field -> String in
          let mine = edit.fields.first { $0.propertyKey == field.attribute }.map { $0.value.plainText }
          return "\(field.attribute): yours \(mine ?? field.original.plainText) · database \(field.current.plainText)"
        }
        widget = Dialog(title: "Changed by someone else",
          message: (["The row changed since you opened it:"] + lines).joined(separator: "\n"),
          buttons: ["Overwrite", "Reload", "Keep editing"], isError: true, theme: theme)
      }
    }
    widget.render(in: area, buffer: &buffer, state: &edit.dialogState)
    state.stack[index].content = .edit(edit)
  }
}
