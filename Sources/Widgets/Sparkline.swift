/// Counts as one line of eighth-height blocks, `▁▃█▅`, scaled to the largest; an empty
/// count is a space, any other at least `▁`. Under an ASCII locale the terminal draws
/// `_ . : #` by height.
public enum Sparkline {
  static let levels: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

  public static func text(_ counts: [Int]) -> String {
    let largest = counts.max() ?? 0
    guard largest > 0 else { return String(repeating: " ", count: counts.count) }
    return String(
      counts.map { count -> Character in
        guard count > 0 else { return " " }
        let level = Int((Double(count) / Double(largest) * 7).rounded())
        return levels[max(0, min(7, level))]
      })
  }
}
