/// One terminal cell: the text cluster drawn there, its style and its display width.
///
/// A wide character (width 2) lives in its left cell; the cell to its right is a
/// *continuation* (`width == 0`, empty text) that backends skip.
public struct Cell: Hashable, Sendable {
  /// One spacing scalar plus the zero-width scalars that follow it; empty in a
  /// continuation cell.
  public var text: String
  /// Colours and attributes.
  public var style: Style
  /// 1 or 2 for a cell that starts a character, 0 for a continuation.
  public var width: UInt8

  /// Creates a cell. Use `Buffer.setString` to place text, which handles widths.
  public init(_ text: String = " ", style: Style = .plain, width: UInt8 = 1) {
    self.text = text
    self.style = style
    self.width = width
  }

  /// A space in the plain style.
  public static let blank = Cell()

  /// A space in `style`.
  public static func blank(_ style: Style) -> Cell { Cell(" ", style: style) }

  /// The right half of a wide character.
  public static func continuation(_ style: Style) -> Cell { Cell("", style: style, width: 0) }

  /// True for the right half of a wide character.
  public var isContinuation: Bool { width == 0 }
}
