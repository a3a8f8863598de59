import TerminalCore
import Theming

/// One row of a form: a label and a value.
public struct FormRow: Hashable, Sendable {
  /// The label (`Email`).
  public var label: String
  /// The value as text (empty: the placeholder is shown).
  public var value: String
  /// Shown in the placeholder style when the value is empty.
  public var placeholder: String
  /// Marks a row that needs attention (e.g. a validation error): label in the error role.
  public var isInvalid: Bool

  /// Creates a row.
  public init(_ label: String, _ value: String, placeholder: String = "", isInvalid: Bool = false) {
    self.label = label
    self.value = value
    self.placeholder = placeholder
    self.isInvalid = isInvalid
  }
}

/// Label/value rows with the labels right-aligned in a column fitted to the longest label
/// (at most 40 % of the width). The focused row is highlighted. `valueArea(row:in:)` gives
/// the value cell so an editor (a `TextField`, a `ChoicePicker`…) can be drawn over it.
public struct Form: StatefulWidget {
  /// The rows.
  public var rows: [FormRow]
  /// Whether the form has the focus.
  public var focused: Bool
  /// The theme.
  public var theme: Theme

  /// Creates a form.
  public init(rows: [FormRow], focused: Bool = true, theme: Theme) {
    self.rows = rows
    self.focused = focused
    self.theme = theme
  }

  /// The label column width in `area`.
  public func labelWidth(in area: Rect) -> Int {
    min(rows.map(\.label.displayWidth).max() ?? 0, area.width * 2 / 5)
  }

  /// The value cell of `row` in `area` (after scrolling by `state.offset`); nil when the
  /// row is scrolled out of view.
  public func valueArea(row: Int, in area: Rect, state: ScrollState) -> Rect? {
    let line = row - state.offset
    guard line >= 0, line < area.height else { return nil }
    let x = area.x + labelWidth(in: area) + 2
    return Rect(x: x, y: area.y + line, width: area.right - x, height: 1)
  }

  public func render(in area: Rect, buffer: inout Buffer, state: inout ScrollState) {
    guard !area.isEmpty else { return }
    state.scrollIntoView(count: rows.count, visibleRows: area.height)
    let surface = theme[.surface]
    buffer.fill(area, with: .blank(surface))
    let labelWidth = labelWidth(in: area)
    for line in 0..<min(area.height, rows.count - state.offset) {
      let index = state.offset + line
      let row = rows[index]
      let y = area.y + line
      let isFocused = index == state.selected
      let labelRole: ThemeRole =
        row.isInvalid ? .error : (isFocused && focused ? .primary : .header)
      buffer.setString(
        row.label, x: area.x, y: y, width: labelWidth, style: theme[labelRole], alignment: .right)
      let valueX = area.x + labelWidth + 2
      let valueWidth = area.right - valueX
      let valueStyle = isFocused ? theme[focused ? .selection : .inactiveSelection] : surface
      if row.value.isEmpty {
        buffer.setString(
          row.placeholder, x: valueX, y: y, width: valueWidth,
          style: theme[.placeholder].background(valueStyle.background))
      } else {
        buffer.setString(row.value, x: valueX, y: y, width: valueWidth, style: valueStyle)
      }
    }
  }
}
