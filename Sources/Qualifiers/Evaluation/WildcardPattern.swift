/// A `like` pattern: `*` matches any text, `?` exactly one character.
struct WildcardPattern {
  private let pattern: [Character]

  init(_ pattern: String) {
    self.pattern = Array(pattern)
  }

  /// Greedy matching with backtracking to the last `*`: linear in practice.
  func matches(_ text: String) -> Bool {
    let text = Array(text)
    var p = 0
    var t = 0
    var star: Int?
    var starText = 0
    while t < text.count {
      if p < pattern.count, pattern[p] == "?" || pattern[p] == text[t], pattern[p] != "*" {
        p += 1
        t += 1
      } else if p < pattern.count, pattern[p] == "*" {
        star = p
        starText = t
        p += 1
      } else if let star {
        p = star + 1
        starText += 1
        t = starText
      } else {
        return false
      }
    }
    while p < pattern.count, pattern[p] == "*" { p += 1 }
    return p == pattern.count
  }
}
