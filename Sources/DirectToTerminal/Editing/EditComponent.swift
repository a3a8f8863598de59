import Access
import TerminalCore
import Theming

/// What an edit component knows about the field it edits.
public struct EditContext: Sendable {
  public var attribute: Attribute?
  /// The values a picker offers (enum labels, or the `choices` rule).
  public var choices: [String]
  public var isNullable: Bool

  public init(attribute: Attribute?, choices: [String], isNullable: Bool) {
    self.attribute = attribute
    self.choices = choices
    self.isNullable = isNullable
  }
}

/// Edits one property with keys of its own, like the Sakila rating picker. Registered by
/// name (`ComponentRegistry.register(edit:_:)`) and chosen by the `component` rule key in
/// the edit task. Text editors (strings, numbers, dates) are built in; a custom component
/// works on the value directly.
public protocol EditComponent: Sendable {
  /// Reacts to a key while the field has focus; returns true when it used the key.
  func handle(_ key: KeyEvent, value: inout DatabaseValue, context: EditContext) -> Bool
  /// Draws the value in one line.
  func render(
    _ value: DatabaseValue, focused: Bool, context: EditContext, in area: Rect, buffer: inout Buffer,
    theme: Theme)
}

/// `-  G  PG  PG-13  R  NC-17` with the current rating highlighted: ←/→ move, the first
/// letter selects (`P` again goes from PG to PG-13), `-` clears. Works for the SQLite text
/// column and the PostgreSQL `mpaa_rating` enum alike: it writes the label as text.
public struct RatingPicker: EditComponent {
  public static let ratings = ["G", "PG", "PG-13", "R", "NC-17"]

  public init() {}

  public func handle(_ key: KeyEvent, value: inout DatabaseValue, context: EditContext) -> Bool {
    let options: [String?] = (context.isNullable ? [nil] : []) + Self.ratings.map(Optional.some)
    let current = options.firstIndex(of: value.stringValue) ?? 0
    switch key.key {
    case .left:
      value = Self.value(options[max(0, current - 1)])
      return true
    case .right, .character(" "):
      value = Self.value(options[min(options.count - 1, current + 1)])
      return true
    case .character(let c) where key.modifiers.isEmpty:
      if c == "-" && context.isNullable {
        value = .null
        return true
      }
      // Compared as strings: a letter's uppercase may be several characters (`ß` is `SS`),
      // and such a letter starts no rating.
      let typed = c.uppercased()
      let matches = Self.ratings.filter { $0.first.map(String.init) == typed }
      guard !matches.isEmpty else { return false }
      let now = value.stringValue
      let next = now.flatMap { matches.firstIndex(of: $0) }.map { matches[($0 + 1) % matches.count] }
      value = .text(next ?? matches[0])
      return true
    default:
      return false
    }
  }

  public func render(
    _ value: DatabaseValue, focused: Bool, context: EditContext, in area: Rect, buffer: inout Buffer,
    theme: Theme
  ) {
    var x = area.x
    let labels = (context.isNullable ? ["-"] : []) + Self.ratings
    for label in labels {
      let isCurrent = label == (value.stringValue ?? "-")
      let style = isCurrent ? theme[focused ? .selection : .accent] : theme[.muted]
      let text = " " + label + " "
      guard x + text.count <= area.right else { break }
      buffer.setString(text, x: x, y: area.y, style: style)
      x += text.count + 1
    }
  }

  static func value(_ label: String?) -> DatabaseValue {
    label.map(DatabaseValue.text) ?? .null
  }
}

/// Picks one of a fixed list (PostgreSQL enum labels or the `choices` rule): ←/→ or the
/// first letter.
struct ChoicePickerEditor: EditComponent {
  func handle(_ key: KeyEvent, value: inout DatabaseValue, context: EditContext) -> Bool {
    let options: [String?] = (context.isNullable ? [nil] : []) + context.choices.map(Optional.some)
    guard !options.isEmpty else { return false }
    let current = options.firstIndex(of: value.stringValue) ?? 0
    switch key.key {
    case .left:
      value = options[max(0, current - 1)].map(DatabaseValue.text) ?? .null
      return true
    case .right, .character(" "):
      value = options[min(options.count - 1, current + 1)].map(DatabaseValue.text) ?? .null
      return true
    case .character(let c) where key.modifiers.isEmpty:
      let lowered = Character(c.lowercased())
      let start = current + 1
      for offset in 0..<options.count {
        let candidate = options[(start + offset) % options.count]
        if let label = candidate, label.lowercased().first == lowered {
          value = .text(label)
          return true
        }
      }
      return false
    default:
      return false
    }
  }

  func render(
    _ value: DatabaseValue, focused: Bool, context: EditContext, in area: Rect, buffer: inout Buffer,
    theme: Theme
  ) {
    let current = value.stringValue ?? "∅"
    let text = "◀ " + current + " ▶" + "   " + context.choices.joined(separator: " · ")
    buffer.setString(text, x: area.x, y: area.y, width: area.width, style: theme[focused ? .focusedInput : .input])
  }
}
