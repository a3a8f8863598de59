import Access
import TerminalCore
import Theming
import Widgets

/// Drawing an edit page: labels, editors, errors and hints.
extension EditFeature {
  /// Where each shown field goes: its index, its first line (from the top of the page) and
  /// how many lines its editor takes (the same in `view` and for mouse clicks).
  static func layout(
    _ state: State, width: Int, height: Int, focused: Bool
  )
    -> (messageLines: [String], rows: [(index: Int, y: Int, height: Int)])
  {
    // The whole message (a long file path makes it several lines), leaving room for fields.
    let message = state.message.map { Array($0.wrapped(toWidth: max(1, width)).prefix(max(3, height / 2))) } ?? []
    var rows: [(index: Int, y: Int, height: Int)] = []
    var y = message.count
    let start = max(0, state.focus - max(1, (height - message.count) / 2 - 1))
    for index in state.fields.indices.dropFirst(start) {
      guard y < height else { break }
      let field = state.fields[index]
      let isFocused = index == state.focus && focused
      var lines = 1
      if case .largeText = field.editor, isFocused { lines = max(1, min(5, height - y)) }
      if let inline = field.inline { lines = max(1, min(inline.lines.count + 1, 12, height - y)) }
      rows.append((index, y, lines))
      let notice = field.theirs != nil ? 2 : (field.notice == nil ? 0 : 1)
      y += lines + (field.error == nil ? 0 : 1) + notice + (isFocused && field.hint != nil ? 1 : 0)
    }
    return (message, rows)
  }

  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    let theme = context.theme
    let (message, rows) = layout(state, width: area.width, height: area.height, focused: context.focused)
    for (offset, line) in message.enumerated() {
      buffer.setString(line, x: area.x, y: area.y + offset, width: area.width, style: theme[.error])
    }
    // ▌ and the longest label, a space, the • of a changed field, a space, then the value.
    let labelWidth = min(max(8, area.width / 3), (state.fields.map(\.label.displayWidth).max() ?? 8) + 3)
    let valueWidth = max(1, area.width - labelWidth - 1)
    for row in rows {
      let field = state.fields[row.index]
      let y = area.y + row.y
      let isFocused = row.index == state.focus && context.focused
      buffer.setString(
        (row.index == state.focus ? "▌" : " ") + field.label, x: area.x, y: y, width: labelWidth - 1,
        style: theme[field.error != nil ? .error : (isFocused ? .accent : .muted)])
      buffer.setString(field.isDirty ? "•" : " ", x: area.x + labelWidth - 1, y: y, style: theme[.warning])
      if case .largeText = field.editor, isFocused {
        var text = field.area
        TextArea(focused: true, theme: theme).render(
          in: Rect(x: area.x + labelWidth + 1, y: y, width: valueWidth - 1, height: row.height),
          buffer: &buffer, state: &text)
      } else if let inline = field.inline {
        drawLines(
          inline, focused: isFocused, theme: theme,
          in: Rect(x: area.x + labelWidth + 1, y: y, width: valueWidth - 1, height: row.height), buffer: &buffer)
      } else if state.isBatch && !field.isDirty && !field.isReadOnly && (!isFocused || !field.isTypedInto) {
        // A batch change's untouched field (a choice too, focused): each row keeps its value.
        let hint = isFocused ? (field.editor.isChosen ? "  ⏎ choose" : "  ←/→ or Space sets it") : ""
        buffer.setString("· unchanged ·" + hint, x: area.x + labelWidth + 1, y: y, style: theme[.muted])
      } else {
        drawValue(
          field, focused: isFocused, isNew: state.isNew, context: context,
          in: Rect(x: area.x + labelWidth + 1, y: y, width: valueWidth - 1, height: 1), buffer: &buffer)
      }
      // Notes under the field; the database's value, when someone else changed it, gets the
      // pane's whole width so it shows at ordinary widths.
      var notes: [(String, ThemeRole, wide: Bool)] = []
      if let error = field.error { notes.append(("⚠ " + error, .error, false)) }
      if field.theirs != nil {
        let lines = field.theirsLines(width: area.width - 2)
        notes += [(lines[0], .warning, true), (lines[1], .muted, true)]
      } else if let notice = field.notice {
        notes.append((notice, .muted, false))
      }
      if isFocused, let hint = field.hint { notes.append((hint, .muted, false)) }
      for (offset, note) in notes.enumerated() where y + row.height + offset < area.bottom {
        let x = note.wide ? area.x + 2 : area.x + labelWidth + 1
        buffer.setString(note.0, x: x, y: y + row.height + offset, width: area.right - x, style: theme[note.1])
      }
    }
    if let since = state.phase.busySince {
      Spinner.draw(since: since, in: area, context: context, buffer: &buffer)
    }
  }

  /// An inline to-many: a summary line, then its lines (`+` new, `•` changed, `−` removed,
  /// `⚠` refused by the last save), the selected one marked when the field has the focus.
  static func drawLines(_ lines: InlineLines, focused: Bool, theme: Theme, in area: Rect, buffer: inout Buffer) {
    let summary = lines.isLoaded ? lines.summary + (focused ? "" : "  ⏎ edit") : "…"
    buffer.setString(summary, x: area.x, y: area.y, width: area.width, style: theme[focused ? .focusedInput : .input])
    let visible = max(0, area.height - 1)
    let first = max(0, min(lines.selected - visible + 1, lines.lines.count - visible))
    for (offset, index) in lines.lines.indices.dropFirst(first).prefix(visible).enumerated() {
      let line = lines.lines[index]
      let mark =
        line.isRefused ? "⚠ " : line.isRemoved ? "− " : (line.isNew ? "+ " : (line.values.isEmpty ? "  " : "• "))
      let selected = focused && index == lines.selected
      let role: ThemeRole = selected ? .selection : (line.isRemoved ? .muted : .foreground)
      buffer.setString(
        (selected ? "▸" : " ") + mark + line.title.terminalSafe, x: area.x, y: area.y + 1 + offset, width: area.width,
        style: theme[role])
    }
  }

  static func drawValue(
    _ field: EditField, focused: Bool, isNew: Bool, context: ViewContext, in area: Rect, buffer: inout Buffer
  ) {
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
      let title =
        field.value.isNull && field.pending == nil && !field.isPreset ? "∅" : (field.title ?? field.value.plainText)
      if field.isPreset {
        buffer.setString(title + "  (linked)", x: area.x, y: area.y, width: area.width, style: theme[.muted])
      } else {
        buffer.setString(title + "  ⏎ choose", x: area.x, y: area.y, width: area.width, style: inputStyle)
      }
    case .inline:
      break
    case .members:
      buffer.setString(membersText(field, isNew: isNew), x: area.x, y: area.y, width: area.width, style: inputStyle)
    case .readOnly(let reason):
      let shown = field.attribute?.isPassword == true ? "••••••" : field.value.plainText
      buffer.setString(shown + "  (" + reason + ")", x: area.x, y: area.y, width: area.width, style: theme[.muted])
    }
  }

  /// A many-to-many field: its count and first members (`8: ADAM GRANT, …  ⏎ members`), or
  /// on a new row the members chosen so far (`2 to add: …  ⏎ add`).
  static func membersText(_ field: EditField, isNew: Bool) -> String {
    let added =
      field.pendingMembers.isEmpty
      ? "" : "+\(field.pendingMembers.count): " + field.pendingMembers.map(\.title).joined(separator: ", ")
    let removed =
      field.removedMembers.isEmpty
      ? "" : "−\(field.removedMembers.count): " + field.removedMembers.map(\.title).joined(separator: ", ")
    let pending = [added, removed].filter { !$0.isEmpty }.joined(separator: "  ")
    guard !isNew else {
      guard !field.pendingMembers.isEmpty else { return "none yet  ⏎ add" }
      return "\(field.pendingMembers.count) to add: " + field.pendingMembers.map(\.title).joined(separator: ", ")
        + "  ⏎ add more"
    }
    let keys = "  ⏎ add · d take out"
    guard let count = field.memberCount else { return (pending.isEmpty ? "" : pending) + keys }
    var shown = "\(count)"
    if !field.memberTitles.isEmpty {
      shown += ": " + field.memberTitles.joined(separator: ", ") + (count > field.memberTitles.count ? ", …" : "")
    }
    // What is pending first: it is what a narrow pane must not cut.
    return (pending.isEmpty ? "" : pending + "  · ") + shown + keys
  }
}
