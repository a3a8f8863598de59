/// A rectangle of cells: origin `(x, y)` and size. Empty when width or height is 0.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
  /// Left column.
  public var x: Int
  /// Top row.
  public var y: Int
  /// Width in columns (never negative: a width made less than 0, as by `width -= 1` on
  /// an empty rectangle, becomes 0).
  public var width: Int {
    didSet { if width < 0 { width = 0 } }
  }
  /// Height in rows (never negative: a height made less than 0 becomes 0).
  public var height: Int {
    didSet { if height < 0 { height = 0 } }
  }

  /// Creates a rectangle; a negative width or height becomes 0.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// A rectangle at the origin with the given size.
  public init(size: Size) {
    self.init(x: 0, y: 0, width: size.width, height: size.height)
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

  /// The size.
  public var size: Size { Size(width: width, height: height) }
  /// The first column.
  public var left: Int { x }
  /// One past the last column.
  public var right: Int { x + width }
  /// The first row.
  public var top: Int { y }
  /// One past the last row.
  public var bottom: Int { y + height }
  /// Number of cells.
  public var area: Int { width * height }
  /// True when the rectangle holds no cell.
  public var isEmpty: Bool { width <= 0 || height <= 0 }

  /// True when `point` lies inside.
  public func contains(_ point: Point) -> Bool {
    point.x >= left && point.x < right && point.y >= top && point.y < bottom
  }

  /// The overlap of two rectangles (empty when they do not overlap).
  public func intersection(_ other: Rect) -> Rect {
    let l = max(left, other.left)
    let t = max(top, other.top)
    let r = min(right, other.right)
    let b = min(bottom, other.bottom)
    return Rect(x: l, y: t, width: r - l, height: b - t)
  }

  /// The rectangle shrunk by `insets` (never below an empty rectangle).
  public func inset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: x + insets.left, y: y + insets.top,
      width: width - insets.left - insets.right,
      height: height - insets.top - insets.bottom)
  }

  /// The rectangle shrunk by `amount` on every side.
  public func inset(by amount: Int) -> Rect {
    inset(by: EdgeInsets(all: amount))
  }

  /// The one-row rectangle at `row` (relative to the top); empty when outside.
  public func row(_ row: Int) -> Rect {
    guard row >= 0, row < height else { return Rect(x: x, y: y, width: width, height: 0) }
    return Rect(x: x, y: y + row, width: width, height: 1)
  }

  /// A rectangle of `size` centred in this one, clamped to fit.
  public func centered(_ size: Size) -> Rect {
    let w = min(size.width, width)
    let h = min(size.height, height)
    return Rect(x: x + (width - w) / 2, y: y + (height - h) / 2, width: w, height: h)
  }

  public var description: String { "\(x),\(y) \(width)×\(height)" }
}

/// Distances to shrink a rectangle by on each side.
public struct EdgeInsets: Hashable, Sendable {
  /// Rows removed at the top.
  public var top: Int
  /// Columns removed at the left.
  public var left: Int
  /// Rows removed at the bottom.
  public var bottom: Int
  /// Columns removed at the right.
  public var right: Int

  /// Creates insets.
  public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// The same inset on all four sides.
  public init(all: Int) {
    self.init(top: all, left: all, bottom: all, right: all)
  }

  /// `horizontal` columns left and right, `vertical` rows top and bottom.
  public init(horizontal: Int = 0, vertical: Int = 0) {
    self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
  }
}
