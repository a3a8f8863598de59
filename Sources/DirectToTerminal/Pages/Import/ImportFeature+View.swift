import Import
import TerminalCore
import Theming
import Widgets

/// Drawing the import page: the file, the options, the columns matched, the first rows,
/// then progress or what is wrong.
extension ImportFeature {
  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    let theme = context.theme
    var text = PaneText(area: area, theme: theme)
    text.wrapped(
      "Import into \(state.label): a CSV or JSON Lines file, all rows or none (one transaction)", .title,
      buffer: &buffer)
    text.y += 1
    if text.y < area.bottom {
      buffer.setString("▸ File  ", x: area.x, y: text.y, style: theme[.accent])
      var field = state.path
      TextField(placeholder: "path of a .csv or .jsonl file", focused: context.focused && !state.running, theme: theme)
        .render(
          in: Rect(x: area.x + 8, y: text.y, width: max(1, area.width - 8), height: 1), buffer: &buffer, state: &field)
      text.y += 1
    }
    if let preview = state.preview {
      text.line("  Taken keys: \(state.onConflict.rawValue) (Ctrl-K)", .muted, buffer: &buffer)
      text.line("  Dry run: \(state.dryRun ? "on" : "off") (Ctrl-T)", .muted, buffer: &buffer)
      text.y += 1
      text.line("Columns (file → \(state.label)):", .foreground, buffer: &buffer)
      let width = min(24, (preview.mapping.columns.map(\.name.displayWidth).max() ?? 8) + 2)
      let entity = context.session.entity(named: state.entityName)
      for column in preview.mapping.columns {
        let name = column.name.terminalSafe
        let padded = name + String(repeating: " ", count: max(1, width - name.displayWidth))
        if let attribute = column.attribute {
          text.line(
            "  " + padded + "→ " + (entity.map { context.session.label(of: attribute, in: $0) } ?? attribute),
            buffer: &buffer)
        } else {
          text.line("  " + padded + "✗ " + (column.note ?? ""), .warning, buffer: &buffer)
        }
      }
      if !preview.sample.isEmpty {
        text.line("First rows:", .foreground, buffer: &buffer)
        for row in preview.sample {
          text.line("  " + row.map { $0 ?? "∅" }.joined(separator: " │ "), .muted, buffer: &buffer)
        }
      }
    }
    text.y += 1
    if state.running {
      let progress = state.progress ?? ImportProgress(rows: 0, bytes: 0, totalBytes: nil, elapsed: .zero)
      if let total = progress.totalBytes { text.bar(progress.bytes, of: total, buffer: &buffer) }
      text.wrapped(progress.line + "  Esc cancels (rolls back)", .foreground, buffer: &buffer)
      return
    }
    for message in state.lines {
      text.wrapped(message, state.linesAreProblems ? .error : .foreground, maxLines: 4, buffer: &buffer)
    }
    if state.lines.isEmpty {
      let next = state.preview?.path == currentPath(state) ? "Enter imports" : "Enter reads the file"
      text.wrapped(next + " · Esc closes", .muted, buffer: &buffer)
    }
  }
}
