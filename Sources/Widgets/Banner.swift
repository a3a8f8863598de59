import TerminalCore
import Theming

/// A one-line message across the screen for errors, warnings, successes and notices, with
/// a symbol so it reads without colour too.
public struct Banner: Widget {
  /// What kind of message this is.
  public enum Kind: Hashable, Sendable {
    /// Something failed (`✖`, error role).
    case error
    /// Something needs attention (`⚠`, warning role).
    case warning
    /// Something worked (`✔`, success role).
    case success
    /// Information (`ℹ`, accent role).
    case notice
  }

  /// The kind.
  public var kind: Kind
  /// The text (truncated with an ellipsis).
  public var message: String
  /// The theme.
  public var theme: Theme

  /// Creates a banner.
  public init(_ kind: Kind, _ message: String, theme: Theme) {
    self.kind = kind
    self.message = message
    self.theme = theme
  }

  var symbolAndRole: (String, ThemeRole) {
    switch kind {
    case .error: return ("✖", .error)
    case .warning: return ("⚠", .warning)
    case .success: return ("✔", .success)
    case .notice: return ("ℹ", .accent)
    }
  }

  public func render(in area: Rect, buffer: inout Buffer) {
    guard !area.isEmpty else { return }
    let (symbol, role) = symbolAndRole
    let style = theme[role]
    let row = area.row(0)
    buffer.fill(row, with: .blank(style))
    buffer.setString(" \(symbol) \(message)", x: row.x, y: row.y, width: row.width, style: style)
  }
}
