import TerminalCore
import Theming

/// The chosen option and the open popup of a `ChoicePicker`, owned by the application.
public struct ChoicePickerState: Hashable, Sendable {
  /// The chosen option's index, nil for none.
  public var chosen: Int?
  /// Whether the popup list is open.
  public var isOpen = false
  /// The filter typed while the popup is open.
  public var filter = TextFieldState()
  /// The highlighted row among the filtered options.
  public var list = ScrollState()

  /// Creates a state with `chosen` selected.
  public init(chosen: Int? = nil) {
    self.chosen = chosen
  }

  /// What a key did to the picker.
  public enum Outcome: Hashable, Sendable {
    /// The key was used; nothing chosen yet.
    case handled
    /// An option was chosen (its index in `options`); the popup closed.
    case chosen(Int)
    /// The popup was closed without choosing.
    case cancelled
    /// The key is not for the picker.
    case ignored
  }

  /// Indices of the options matching the filter (case-insensitive substring).
  public func matches(in options: [String]) -> [Int] {
    let needle = filter.text.lowercased()
    guard !needle.isEmpty else { return Array(options.indices) }
    return options.indices.filter { options[$0].lowercased().contains(needle) }
  }

  /// Handles a key. Closed: Enter or Space opens the popup, ←/→ cycle through the options.
  /// Open: typing filters, ↑/↓ move, Enter chooses, Esc cancels.
  public mutating func handle(_ event: KeyEvent, options: [String]) -> Outcome {
    guard !options.isEmpty else { return .ignored }
    guard isOpen else {
      switch event.key {
      case .enter, .character(" "):
        isOpen = true
        filter = TextFieldState()
        list = ScrollState(selected: chosen ?? 0)
        return .handled
      case .left, .right:
        let step = event.key == .left ? -1 : 1
        let next = ((chosen ?? -step) + step + options.count) % options.count
        chosen = next
        return .chosen(next)
      default:
        return .ignored
      }
    }
    let found = matches(in: options)
    switch (event.key, event.modifiers) {
    case (.escape, []):
      isOpen = false
      return .cancelled
    case (.enter, []):
      guard let row = list.selected, row < found.count else { return .handled }
      chosen = found[row]
      isOpen = false
      return .chosen(found[row])
    case (.up, []): list.apply(.up, count: found.count, pageSize: 1)
    case (.down, []): list.apply(.down, count: found.count, pageSize: 1)
    case (.pageUp, []): list.apply(.pageUp, count: found.count, pageSize: 8)
    case (.pageDown, []): list.apply(.pageDown, count: found.count, pageSize: 8)
    default:
      guard filter.handle(event) else { return .handled }
      list = ScrollState(selected: 0)
    }
    return .handled
  }
}

/// A choice among options: inline it shows the chosen value with `▾` (or a placeholder);
/// when `state.isOpen` call `renderPopup` to draw the filterable list over the screen.
public struct ChoicePicker: StatefulWidget {
  /// The options.
  public var options: [String]
  /// Shown when nothing is chosen.
  public var placeholder: String
  /// Whether the picker has the focus.
  public var focused: Bool
  /// The theme.
  public var theme: Theme

  /// Creates a picker.
  public init(options: [String], placeholder: String = "(none)", focused: Bool = true, theme: Theme) {
    self.options = options
    self.placeholder = placeholder
    self.focused = focused
    self.theme = theme
  }

  /// Draws the inline value: `value ▾`.
  public func render(in area: Rect, buffer: inout Buffer, state: inout ChoicePickerState) {
    guard !area.isEmpty else { return }
    let row = area.row(0)
    let style = theme[focused ? .focusedInput : .input]
    buffer.fill(row, with: .blank(style))
    let value = state.chosen.flatMap { options.indices.contains($0) ? options[$0] : nil }
    let text = value ?? placeholder
    buffer.setString(
      text, x: row.x, y: row.y, width: max(0, row.width - 2),
      style: value == nil ? theme[.placeholder].background(style.background) : style)
    buffer.setString("▾", x: row.right - 1, y: row.y, style: style)
  }

  /// Draws the open popup below (or above) `anchor`, within `screen`: a filter line and
  /// the matching options.
  public func renderPopup(
    anchor: Rect, screen: Rect, buffer: inout Buffer, state: inout ChoicePickerState
  ) {
    let found = state.matches(in: options)
    let width = min(
      screen.width, max(anchor.width, (options.map(\.displayWidth).max() ?? 0) + 4, 20))
    let wanted = min(found.count, 10) + 3
    let below = screen.bottom - anchor.bottom
    let above = anchor.y - screen.y
    let height = min(wanted, max(below, above))
    guard height >= 3 else { return }
    let y = below >= wanted || below >= above ? anchor.bottom : anchor.y - height
    let x = min(anchor.x, screen.right - width)
    let box = Rect(x: x, y: y, width: width, height: height)
    let block = Block(
      title: "\(found.count)/\(options.count)", focused: true, fill: .panel, theme: theme)
    block.render(in: box, buffer: &buffer)
    let inner = block.inner(box)
    var filterState = state.filter
    TextField(placeholder: "type to filter", focused: true, theme: theme)
      .render(in: inner.row(0), buffer: &buffer, state: &filterState)
    state.filter = filterState
    let listArea = Rect(x: inner.x, y: inner.y + 1, width: inner.width, height: inner.height - 1)
    ListView(count: found.count, focused: true, theme: theme) { options[found[$0]] }
      .render(in: listArea, buffer: &buffer, state: &state.list)
  }
}
