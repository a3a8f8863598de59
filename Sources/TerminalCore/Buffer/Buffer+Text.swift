extension Buffer {
  /// Row `y` as text (absolute row). Wide characters appear once; continuation cells add
  /// nothing, so the text has the row's display width.
  public func line(_ y: Int) -> String {
    guard y >= area.y, y < area.bottom else { return "" }
    var text = ""
    let start = index(area.x, y)
    for cell in cells[start..<start + area.width] where cell.width > 0 { text += cell.text }
    return text
  }

  /// Every row as text.
  public var lines: [String] { (area.top..<area.bottom).map { line($0) } }

  /// The rows joined by newlines, trailing spaces removed from each row.
  public var text: String {
    lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
  }

  /// Runs of equal style on row `y`, leaving out the plain style:
  /// `(first column, column count, style)`.
  public func styleRuns(_ y: Int) -> [(x: Int, width: Int, style: Style)] {
    guard y >= area.y, y < area.bottom else { return [] }
    var runs: [(x: Int, width: Int, style: Style)] = []
    var x = area.x
    while x < area.right {
      let style = self[x, y].style
      var end = x + 1
      while end < area.right && self[end, y].style == style { end += 1 }
      if style != .plain { runs.append((x, end - x, style)) }
      x = end
    }
    return runs
  }

  /// A readable dump for snapshot tests: the grid between `│` bars, then one line per style
  /// run (`row x+width: style`), then the cursor if shown.
  ///
  /// ```
  /// │Name  Age│
  /// │Ann    31│
  /// 0 0+9: bold
  /// 1 0+9: fg=black bg=cyan
  /// ```
  public var textDump: String {
    var out = lines.map { "│\($0)│" }
    for y in area.top..<area.bottom {
      for run in styleRuns(y) { out.append("\(y) \(run.x)+\(run.width): \(run.style)") }
    }
    if let cursor { out.append("cursor \(cursor.x),\(cursor.y)") }
    return out.joined(separator: "\n")
  }
}
