/// A grid of cells that widgets draw into. Nothing here touches a terminal: a `Terminal`
/// diffs two buffers and sends the changed cells to its backend.
///
/// Coordinates are absolute (the buffer's `area` may start anywhere). Writes outside the
/// area are ignored, and wide characters are never split: overwriting half of one blanks
/// the other half.
public struct Buffer: Hashable, Sendable {
  /// The region this buffer covers.
  public private(set) var area: Rect
  /// Cells in row-major order.
  public private(set) var cells: [Cell]
  /// Where the terminal cursor should be shown after drawing, or nil to hide it. Focused
  /// text fields set it.
  public var cursor: Point?

  /// A buffer of blank cells.
  public init(area: Rect, filling cell: Cell = .blank) {
    self.area = area
    self.cells = Array(repeating: cell, count: area.area)
  }

  /// A buffer of blank cells at the origin.
  public init(size: Size) {
    self.init(area: Rect(size: size))
  }

  /// A buffer holding `lines` in the plain style, one per row; the width is the widest line.
  public init(lines: [String]) {
    let width = lines.map(\.displayWidth).max() ?? 0
    self.init(area: Rect(x: 0, y: 0, width: width, height: lines.count))
    for (row, line) in lines.enumerated() { setString(line, x: 0, y: row) }
  }

  @inline(__always)
  func index(_ x: Int, _ y: Int) -> Int { (y - area.y) * area.width + (x - area.x) }

  /// The cell at column `x`, row `y` (absolute). Outside the area: a blank cell, and
  /// writes are ignored.
  public subscript(x: Int, y: Int) -> Cell {
    get { area.contains(Point(x: x, y: y)) ? cells[index(x, y)] : .blank }
    set {
      guard area.contains(Point(x: x, y: y)) else { return }
      put(newValue, at: index(x, y), x: x, y: y)
    }
  }

  /// Stores a cell, blanking the halves of wide characters it breaks.
  @inline(__always)
  mutating func put(_ cell: Cell, at i: Int, x: Int, y: Int) {
    let old = cells[i]
    if old.width == 0 && cell.width != 0 && x > area.x && cells[i - 1].width == 2 {
      cells[i - 1] = Cell.blank(cells[i - 1].style)
    }
    if old.width == 2 && x + 1 < area.right && cell.width != 2 {
      cells[i + 1] = Cell.blank(cells[i + 1].style)
    }
    cells[i] = cell
  }

  /// Writes `text` starting at (`x`, `y`) in `style`, cluster by cluster, stopping at
  /// `maxWidth` columns or the buffer's right edge. A wide character that does not fit is
  /// replaced by a space. Returns the number of columns written.
  @discardableResult
  public mutating func setString(
    _ text: String, x: Int, y: Int, style: Style = .plain, maxWidth: Int = .max
  ) -> Int {
    guard y >= area.y, y < area.bottom else { return 0 }
    let limit = maxWidth >= area.right - x ? area.right : x + max(0, maxWidth)
    var column = x
    DisplayWidth.forEachCluster(text) { cluster, width in
      if column + width > limit {
        if column < limit && column >= area.x {
          put(Cell.blank(style), at: index(column, y), x: column, y: y)
          column += 1
        }
        return false
      }
      if column >= area.x {
        put(Cell(cluster, style: style, width: UInt8(width)), at: index(column, y), x: column, y: y)
        if width == 2 {
          put(Cell.continuation(style), at: index(column + 1, y), x: column + 1, y: y)
        }
      }
      column += width
      return true
    }
    return column - x
  }

  /// Writes `text` fitted to exactly `width` columns: truncated with an ellipsis or padded
  /// with spaces, aligned as asked.
  public mutating func setString(
    _ text: String, x: Int, y: Int, width: Int, style: Style = .plain,
    alignment: Alignment = .left
  ) {
    setString(
      text.fitted(toWidth: width, alignment: alignment), x: x, y: y, style: style, maxWidth: width)
  }

  /// Fills `rect` (clipped to the buffer) with copies of `cell`.
  public mutating func fill(_ rect: Rect, with cell: Cell = .blank) {
    let r = rect.intersection(area)
    for y in r.top..<r.bottom {
      for x in r.left..<r.right { put(cell, at: index(x, y), x: x, y: y) }
    }
  }

  /// Sets the style of every cell in `rect`, keeping the text.
  public mutating func setStyle(_ style: Style, in rect: Rect) {
    let r = rect.intersection(area)
    for y in r.top..<r.bottom {
      for x in r.left..<r.right { cells[index(x, y)].style = style }
    }
  }

  /// Adds attributes to every cell in `rect` (e.g. `.reverse` for a selection).
  public mutating func addAttributes(_ attributes: TextAttributes, in rect: Rect) {
    let r = rect.intersection(area)
    for y in r.top..<r.bottom {
      for x in r.left..<r.right { cells[index(x, y)].style.attributes.formUnion(attributes) }
    }
  }

  /// Blanks the whole buffer and hides the cursor.
  public mutating func reset(filling cell: Cell = .blank) {
    for i in cells.indices { cells[i] = cell }
    cursor = nil
  }

  /// Changes the area, keeping nothing (all cells blank).
  public mutating func resize(to area: Rect) {
    self.area = area
    cells = Array(repeating: .blank, count: area.area)
    cursor = nil
  }
}
