/// Trailing blanks off printed lines (`d2t model`, `--headless` screens).
extension String {
  func trimmingTrailingSpaces() -> String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}
