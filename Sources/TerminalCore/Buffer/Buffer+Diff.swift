/// One cell that changed between two frames.
public struct CellChange: Hashable, Sendable {
  /// Absolute position.
  public var position: Point
  /// The new cell (never a continuation: wide characters cover their right half).
  public var cell: Cell

  /// Creates a change.
  public init(position: Point, cell: Cell) {
    self.position = position
    self.cell = cell
  }
}

extension Buffer {
  /// The cells of `self` that differ from `previous`, in row order, ready for a backend.
  /// Continuation cells are left out (their wide character draws them), except where a
  /// continuation now stands on a cell that held something else and its wide character
  /// did not change: then the wide character is sent again. When the areas differ every
  /// cell is returned.
  public func diff(from previous: Buffer) -> [CellChange] {
    var all: [CellChange] = []
    diff(from: previous, inRunsOf: .max) { all = $0 }
    return all
  }

  /// The same changes handed to `body` in runs of at most `limit`, in order, so a whole
  /// screen's changes (48 bytes a cell: 480 KB at 200×50) never sit in memory at once.
  public func diff(from previous: Buffer, inRunsOf limit: Int, _ body: ([CellChange]) -> Void) {
    var changes: [CellChange] = []
    let sameArea = previous.area == area
    changes.reserveCapacity(sameArea ? min(limit, 64) : min(limit, cells.count))
    let width = area.width
    var lastSent = -1
    for i in cells.indices {
      let cell = cells[i]
      if sameArea && previous.cells[i] == cell { continue }
      var target = i
      if cell.width == 0 {
        guard i % width > 0, cells[i - 1].width == 2 else { continue }
        target = i - 1
      }
      if target == lastSent { continue }
      lastSent = target
      changes.append(
        CellChange(
          position: Point(x: area.x + target % width, y: area.y + target / width),
          cell: cells[target]))
      if changes.count == limit {
        body(changes)
        changes.removeAll(keepingCapacity: true)
      }
    }
    if !changes.isEmpty { body(changes) }
  }
}
