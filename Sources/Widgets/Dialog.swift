import TerminalCore
import Theming

/// The focused button of a `Dialog`, owned by the application.
public struct DialogState: Hashable, Sendable {
  /// The focused button.
  public var focusedButton: Int

  /// Creates a state focusing `focusedButton`.
  public init(focusedButton: Int = 0) {
    self.focusedButton = focusedButton
  }

  /// What a key did to the dialog.
  public enum Outcome: Hashable, Sendable {
    /// A button was pressed (its index).
    case pressed(Int)
    /// Esc: the dialog was dismissed.
    case dismissed
    /// The key moved the focus or was ignored.
    case none
  }

  /// ←/→/h/l/Tab/Shift-Tab move between buttons, Enter presses the focused one, the first
  /// letter of a button presses it (`y` for Yes), Esc dismisses.
  public mutating func handle(_ event: KeyEvent, buttons: [String]) -> Outcome {
    guard !buttons.isEmpty else { return event.key == .escape ? .dismissed : .none }
    switch event.key {
    case .escape: return .dismissed
    case .enter: return .pressed(min(focusedButton, buttons.count - 1))
    case .left, .backTab, .character("h"):
      focusedButton = (focusedButton + buttons.count - 1) % buttons.count
    case .right, .tab, .character("l"):
      focusedButton = (focusedButton + 1) % buttons.count
    case .character(let c):
      let letter = c.lowercased()
      if let index = buttons.firstIndex(where: {
        $0.first.map { $0.lowercased() == letter } ?? false
      }) {
        return .pressed(index)
      }
    default: break
    }
    return .none
  }
}

/// A modal box centred on the screen: a title, a wrapped message and a row of buttons
/// (`Dialog.confirm` for Yes/No questions, `Dialog.alert` for a single OK).
public struct Dialog: StatefulWidget {
  /// The title in the border.
  public var title: String
  /// The message, wrapped to the box.
  public var message: String
  /// Button labels, left to right.
  public var buttons: [String]
  /// `error` draws the message in the error role.
  public var isError: Bool
  /// The theme.
  public var theme: Theme

  /// Creates a dialog.
  public init(
    title: String, message: String, buttons: [String], isError: Bool = false, theme: Theme
  ) {
    self.title = title
    self.message = message
    self.buttons = buttons
    self.isError = isError
    self.theme = theme
  }

  /// A Yes/No question.
  public static func confirm(_ title: String, _ message: String, theme: Theme) -> Dialog {
    Dialog(title: title, message: message, buttons: ["Yes", "No"], theme: theme)
  }

  /// A message with a single OK button.
  public static func alert(
    _ title: String, _ message: String, isError: Bool = false, theme: Theme
  )
    -> Dialog
  {
    Dialog(title: title, message: message, buttons: ["OK"], isError: isError, theme: theme)
  }

  var buttonLabels: [String] { buttons.map { "[ \($0) ]" } }

  /// Where the box goes in `area`, and its message lines.
  func layout(in area: Rect) -> (box: Rect, lines: [String], buttonsWidth: Int) {
    let buttonsWidth = buttonLabels.map(\.displayWidth).reduce(0, +) + 2 * max(0, buttons.count - 1)
    let width = min(
      area.width, max(buttonsWidth + 4, min(60, message.displayWidth + 4), title.displayWidth + 8))
    let lines = message.wrapped(toWidth: max(1, width - 4))
    let height = min(area.height, lines.count + 4)
    return (area.centered(Size(width: width, height: height)), lines, buttonsWidth)
  }

  /// The index of the button at a screen point (for mouse clicks), if any.
  public func button(at point: Point, in area: Rect) -> Int? {
    let (box, _, buttonsWidth) = layout(in: area)
    let inner = Block(title: title, focused: true, fill: .panel, theme: theme).inner(box)
      .inset(by: EdgeInsets(horizontal: 1))
    guard point.y == inner.bottom - 1 else { return nil }
    var x = inner.x + max(0, (inner.width - buttonsWidth) / 2)
    for (index, label) in buttonLabels.enumerated() {
      if point.x >= x && point.x < x + label.displayWidth { return index }
      x += label.displayWidth + 2
    }
    return nil
  }

  public func render(in area: Rect, buffer: inout Buffer, state: inout DialogState) {
    let (box, lines, buttonsWidth) = layout(in: area)
    let block = Block(title: title, focused: true, fill: .panel, theme: theme)
    block.render(in: box, buffer: &buffer)
    let inner = block.inner(box).inset(by: EdgeInsets(horizontal: 1))
    let panel = theme[.panel]
    let textStyle = isError ? theme[.error] : panel
    for (row, line) in lines.prefix(max(0, inner.height - 2)).enumerated() {
      buffer.setString(line, x: inner.x, y: inner.y + row, width: inner.width, style: textStyle)
    }
    state.focusedButton = min(max(0, state.focusedButton), max(0, buttons.count - 1))
    var x = inner.x + max(0, (inner.width - buttonsWidth) / 2)
    let y = inner.bottom - 1
    for (index, label) in buttonLabels.enumerated() {
      let style = theme[index == state.focusedButton ? .focusedButton : .button]
      x += buffer.setString(label, x: x, y: y, style: style, maxWidth: max(0, inner.right - x)) + 2
    }
  }
}
