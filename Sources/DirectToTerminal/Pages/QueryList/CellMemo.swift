import Access

/// The last cell a list's table asked for, kept while it asks for the same cell's text and
/// then its role: a component draws each visible cell once per frame.
final class CellMemo {
  private let make: (Row, Int) -> DisplayCell
  private var last: (row: Int, column: Int, cell: DisplayCell)?

  init(_ make: @escaping (Row, Int) -> DisplayCell) { self.make = make }

  func cell(_ row: Row, _ index: Int, _ column: Int) -> DisplayCell {
    if let last, last.row == index, last.column == column { return last.cell }
    let cell = make(row, column)
    last = (index, column, cell)
    return cell
  }
}
