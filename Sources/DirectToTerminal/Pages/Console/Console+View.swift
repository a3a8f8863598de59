import Access
import TerminalCore
import Theming
import Widgets

/// Drawing the console: the editor, a rule with the last outcome, the result grid or the
/// error with its position marked.
extension ConsoleFeature {
  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    let theme = context.theme
    let editorArea = Rect(x: area.x, y: area.y, width: area.width, height: min(area.height, state.editorHeight))
    var editor = state.editor
    if let reverse = state.reverse {
      buffer.fill(editorArea, with: .blank(theme[.focusedInput]))
      let text = "(history search)'\(reverse.query)': " + (reverse.match ?? "")
      buffer.setString(text.terminalSafe, x: area.x, y: area.y, width: area.width, style: theme[.focusedInput])
    } else {
      TextArea(focused: context.focused && state.focus == .editor, theme: theme)
        .render(in: editorArea, buffer: &buffer, state: &editor)
    }
    let ruleY = editorArea.bottom
    guard ruleY < area.bottom else { return }
    let gridArea = Rect(x: area.x, y: ruleY + 1, width: area.width, height: max(0, area.bottom - ruleY - 1))
    // A message longer than the line under the editor (a refusal, with its reason) is shown
    // whole where the rows would be, and only there.
    let wholeMessage = state.message.flatMap { message in
      state.columns.isEmpty && state.failure == nil && state.loading == nil && message.count > area.width
        && gridArea.height > 0 ? message : nil
    }
    var (rule, ruleRole) = ruleText(state, tick: context.tick)
    if wholeMessage != nil { (rule, ruleRole) = (Self.keysHint, .muted) }
    buffer.fill(Rect(x: area.x, y: ruleY, width: area.width, height: 1), with: .blank(theme[.surface]))
    buffer.setString(rule.terminalSafe, x: area.x, y: ruleY, width: area.width, style: theme[ruleRole])
    if let failure = state.failure {
      drawFailure(failure, in: gridArea, theme: theme, buffer: &buffer)
      return
    }
    guard !state.columns.isEmpty else {
      if let message = wholeMessage {
        var y = gridArea.y
        for line in message.terminalSafe.wrapped(toWidth: max(1, area.width)) where y < gridArea.bottom {
          buffer.setString(line, x: gridArea.x, y: y, width: gridArea.width, style: theme[.foreground])
          y += 1
        }
      }
      return
    }
    let window = state.window
    let start = state.windowStart
    let order = state.columnOrder.filter(state.columns.indices.contains)
    let hidden = state.hidden
    var table = Table(
      columns: order.map { state.columns[$0] }.map {
        TableColumn($0.name.terminalSafe, alignment: alignment(of: $0), maxWidth: 40)
      },
      rowCount: state.knownRows, focused: context.focused && state.focus == .results, theme: theme
    ) { row, column in
      let index = row - start
      guard window.indices.contains(index), window[index].values.indices.contains(order[column]) else { return "…" }
      let value = window[index].values[order[column]]
      if hidden.contains(order[column]) && !value.isNull { return maskedText }
      return cellText(value)
    }
    let selected = state.table.rows.selected.map { grouped($0 + 1) } ?? "0"
    table.position = selected + "/" + (state.rowCount.map(grouped) ?? grouped(state.knownRows) + "+")
    var tableState = state.table
    table.render(in: gridArea, buffer: &buffer, state: &tableState)
    drawMarks(state, table: tableState, in: gridArea, context: context, buffer: &buffer)
  }

  static let keysHint = "Ctrl-R or ;+Enter runs · Tab: results · Ctrl-S: history"

  /// The line under the editor: what is running, the last outcome, or the keys.
  static func ruleText(_ state: State, tick: Int) -> (String, ThemeRole) {
    if let loading = state.loading {
      let what: String
      switch loading {
      case .run: what = "Running…"
      case .read: what = "Reading rows…"
      case .readToEnd: what = "Reading to the last row…"
      case .nextResult: what = "Reading the next result…"
      case .commit: what = "Committing…"
      case .rollback: what = "Rolling back…"
      }
      return (Spinner.frames[abs(tick) % Spinner.frames.count] + " " + what + "  Esc cancels", .accent)
    }
    if let message = state.message { return (message, .muted) }
    if state.failure != nil { return ("The statement failed", .error) }
    return (keysHint, .muted)
  }

  /// Numbers to the right, as in the lists.
  static func alignment(of column: ResultColumn) -> Alignment {
    switch column.valueType {
    case .integer, .decimal, .double: return .right
    default: return .left
    }
  }

  /// A value as one line of a cell (an array as the lists show it: `"a,b", c, ∅`).
  static func cellText(_ value: DatabaseValue) -> String {
    switch value {
    case .null: return "NULL"
    case .text(let text):
      // A cell shows a line's start: a long value is cut before it is made safe (`v` shows it all).
      guard text.utf8.count > 4000 else { return text.terminalSafe }
      return (String(text.prefix(1000)) + "…").terminalSafe
    case .array(let values): return ArrayText.format(values).terminalSafe
    default: return value.description.terminalSafe
    }
  }

  /// The error, the statement's line where it is, and a caret under the position.
  static func drawFailure(_ failure: Failure, in area: Rect, theme: Theme, buffer: inout Buffer) {
    guard area.height > 0 else { return }
    buffer.setString("⚠ " + failure.message.terminalSafe, x: area.x, y: area.y, width: area.width, style: theme[.error])
    guard let position = failure.position, area.height > 2 else { return }
    let (line, lineNumber, column) = locate(position, in: failure.sql)
    let prefix = "line \(lineNumber): "
    let shown = String(line.prefix(column + max(10, area.width - prefix.count - column)))
    let scroll = max(0, column - (area.width - prefix.count - 10))
    let visible = String(shown.dropFirst(scroll))
    buffer.setString(
      prefix + visible.terminalSafe, x: area.x, y: area.y + 1, width: area.width, style: theme[.foreground])
    let caretX = area.x + prefix.count + String(line.prefix(column).dropFirst(scroll)).terminalSafe.displayWidth
    buffer.setString("^", x: min(caretX, area.right - 1), y: area.y + 2, style: theme[.error])
  }

  /// The line holding a 0-based character offset, its 1-based number, and the column.
  static func locate(_ position: Int, in sql: String) -> (line: String, number: Int, column: Int) {
    var offset = 0
    let lines = sql.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() {
      let length = line.unicodeScalars.count
      if position <= offset + length || index == lines.count - 1 {
        let column = min(max(0, position - offset), length)
        let text = String(line)
        let prefix = String(String.UnicodeScalarView(text.unicodeScalars.prefix(column)))
        return (text, index + 1, prefix.count)
      }
      offset += length + 1
    }
    return ("", 1, 0)
  }
}
