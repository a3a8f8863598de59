import TerminalCore
import Testing

@Test(arguments: [
  ([Constraint.length(1), .fill(1), .length(1)], 10, [1, 8, 1]),
  ([.percentage(25), .percentage(75)], 40, [10, 30]),
  ([.ratio(1, 3), .ratio(2, 3)], 30, [10, 20]),
  ([.min(5), .length(3)], 20, [17, 3]),
  ([.max(5), .fill(1)], 20, [5, 15]),
  ([.max(50), .fill(1)], 20, [20, 0]),
  ([.fill(1), .fill(2)], 10, [3, 7]),
  ([.length(30), .length(30)], 40, [30, 10]),
  ([.length(3), .length(3)], 10, [3, 3]),
  ([.fill(1), .fill(1), .fill(1)], 10, [4, 3, 3]),
])
func layoutSizes(constraints: [Constraint], total: Int, expected: [Int]) {
  let parts = Layout(.horizontal, constraints).split(Rect(x: 0, y: 0, width: total, height: 1))
  #expect(parts.map(\.width) == expected)
}

@Test func layoutPlacesPartsWithSpacing() {
  let rows = Layout(.vertical, [.length(2), .fill(1)], spacing: 1)
    .split(Rect(x: 3, y: 2, width: 10, height: 10))
  #expect(rows == [Rect(x: 3, y: 2, width: 10, height: 2), Rect(x: 3, y: 5, width: 10, height: 7)])
}

@Test func rectIntersectionAndInset() {
  let r = Rect(x: 0, y: 0, width: 10, height: 5)
  #expect(r.inset(by: 1) == Rect(x: 1, y: 1, width: 8, height: 3))
  #expect(
    r.intersection(Rect(x: 8, y: 4, width: 5, height: 5)) == Rect(x: 8, y: 4, width: 2, height: 1))
  #expect(r.inset(by: 6).isEmpty)
  #expect(r.centered(Size(width: 4, height: 1)) == Rect(x: 3, y: 2, width: 4, height: 1))
}

/// A width or height taken below 0 (`height -= 1` on an empty rectangle) stays 0, so the
/// rectangle is empty and no `0..<height` range is built backwards.
@Test func rectSidesNeverGoNegative() {
  var r = Rect(x: 2, y: 3, width: 10, height: 0)
  r.height -= 1
  #expect(r.height == 0 && r.isEmpty)
  r.width -= 20
  #expect(r.width == 0 && r == Rect(x: 2, y: 3, width: 0, height: 0))
}
