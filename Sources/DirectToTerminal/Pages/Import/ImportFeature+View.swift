import Import
import TerminalCore
import Theming
import Widgets

/// Drawing the import page: the file, the options, the columns matched, the first rows,
/// then progress or what is wrong.
extension ImportFeature {
  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    let theme = context.theme
    var y = area.y
    func line(_ text: String, _ role: ThemeRole = .foreground, x: Int = 0) {
      guard y < area.bottom else { return }
      buffer.setString(text.terminalSafe, x: area.x + x, y: y, width: max(0, area.width - x), style: theme[role])
      y += 1
    }
    func wrapped(_ text: String, _ role: ThemeRole, maxLines: Int = 3) {
      for part in text.terminalSafe.wrapped(toWidth: max(1, area.width), maxLines: maxLines) { line(part, role) }
    }
    wrapped("Import into \(state.label): a CSV or JSON Lines file, all rows or none (one transaction)", .title)
    y += 1
    if y < area.bottom {
      buffer.setString("▸ File  ", x: area.x, y: y, style: theme[.accent])
      var field = state.path
      TextField(placeholder: "path of a .csv or .jsonl file", focused: context.focused && !state.running, theme: theme)
        .render(in: Rect(x: area.x + 8, y: y, width: max(1, area.width - 8), height: 1), buffer: &buffer, state: &field)
      y += 1
    }
    if state.preview != nil {
      line("  Taken keys: \(state.onConflict.rawValue) (Ctrl-K)", .muted)
      line("  Dry run: \(state.dryRun ? "on" : "off") (Ctrl-T)", .muted)
    }
    if let preview = state.preview {
      y += 1
      line("Columns (file → \(state.label)):", .foreground)
      let width = min(24, (preview.mapping.columns.map(\.name.displayWidth).max() ?? 8) + 2)
      for column in preview.mapping.columns {
        let name = column.name.terminalSafe
        let padded = name + String(repeating: " ", count: max(1, width - name.displayWidth))
        if let attribute = column.attribute {
          let entity = context.session.entity(named: state.entityName)
          line("  " + padded + "→ " + (entity.map { context.session.label(of: attribute, in: $0) } ?? attribute))
        } else {
          line("  " + padded + "✗ " + (column.note ?? ""), .warning)
        }
      }
      if !preview.sample.isEmpty {
        line("First rows:", .foreground)
        for row in preview.sample {
          line("  " + row.map { $0 ?? "∅" }.joined(separator: " │ "), .muted)
        }
      }
    }
    y += 1
    if state.running {
      let progress = state.progress ?? ImportProgress(rows: 0, bytes: 0, totalBytes: nil, elapsed: .zero)
      if let total = progress.totalBytes, total > 0, y < area.bottom {
        let width = max(10, min(area.width - 2, 50))
        let filled = min(width, progress.bytes * width / total)
        line("[" + String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled) + "]", .accent)
      }
      wrapped(progress.line + "  Esc cancels (rolls back)", .foreground)
      return
    }
    for text in state.lines { wrapped(text, state.linesAreProblems ? .error : .foreground, maxLines: 4) }
    if state.lines.isEmpty {
      let next = state.preview?.path == currentPath(state) ? "Enter imports" : "Enter reads the file"
      wrapped(next + " · Esc closes", .muted)
    }
  }
}
