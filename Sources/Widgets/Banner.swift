import TerminalCore
import Theming

/// A message across the screen for errors, warnings, successes and notices, with a symbol
/// so it reads without colour too: one line, or up to three when it is longer than the
/// screen is wide (a refusal and the rule behind it are read whole).
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
  /// The text (wrapped to at most `maxLines`, the last cut with an ellipsis).
  public var message: String
  /// The most lines a banner takes.
  public static let maxLines = 3
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

  /// The banner's lines at `width` columns: the symbol, then the message wrapped under it.
  public func lines(width: Int) -> [String] {
    let (symbol, _) = symbolAndRole
    let indent = 3
    guard width > indent + 8 else { return [" \(symbol) \(message)"] }
    var wrapped = message.wrapped(toWidth: width - indent)
    if wrapped.isEmpty { wrapped = [""] }
    if wrapped.count > Self.maxLines {
      wrapped = Array(wrapped.prefix(Self.maxLines))
      wrapped[Self.maxLines - 1] = String(wrapped[Self.maxLines - 1].prefix(width - indent - 1)) + "…"
    }
    return wrapped.enumerated().map { ($0.offset == 0 ? " \(symbol) " : "   ") + $0.element }
  }

  /// How many rows the banner takes at `width` columns.
  public func height(width: Int) -> Int { lines(width: width).count }

  public func render(in area: Rect, buffer: inout Buffer) {
    guard !area.isEmpty else { return }
    let (_, role) = symbolAndRole
    let style = theme[role]
    for (index, line) in lines(width: area.width).enumerated() where index < area.height {
      let row = area.row(index)
      buffer.fill(row, with: .blank(style))
      buffer.setString(line, x: row.x, y: row.y, width: row.width, style: style)
    }
  }
}
