import Access

/// The groups a frequency or group-by page holds: a window of `GroupWindow.size` groups of
/// the whole around the screen, read again when the screen leaves it, with what is known
/// of the whole (rows, groups, the largest).
struct GroupWindow: Equatable, Sendable {
  /// Groups read at a time.
  static let size = 200

  var groups: [Frequency] = []
  /// The index of `groups[0]` among all groups.
  var start = 0
  var rowCount: Int?
  var groupCount: Int?
  var largestCount = 0
  /// A window is being read (the offset it starts at).
  var loading: Int?

  /// Groups known to exist: all of them once counted.
  var total: Int { groupCount ?? groups.count }

  func group(at index: Int) -> Frequency? {
    let position = index - start
    return groups.indices.contains(position) ? groups[position] : nil
  }

  /// A read window arrived (its totals, when asked, kept for the next windows).
  mutating func take(_ page: FrequencyResult, at offset: Int) {
    groups = page.groups
    start = offset
    rowCount = page.rowCount ?? rowCount
    groupCount = page.groupCount ?? groupCount
    largestCount = page.largestCount ?? largestCount
  }

  /// Where to read a window from when rows `first ..< first + visible` are not all held: a
  /// quarter of a window above the screen's first line, so moving either way finds rows.
  func needed(first: Int, visible: Int) -> Int? {
    let last = min(total, first + visible) - 1
    guard last >= first else { return nil }
    let held = start..<(start + groups.count)
    if held.contains(first) && held.contains(last) { return nil }
    return max(0, min(first - Self.size / 4, total - Self.size))
  }
}
