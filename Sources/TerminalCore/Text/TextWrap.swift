extension String {
  /// The text broken into lines of at most `width` columns: at spaces where possible,
  /// inside a word only when the word alone is too wide. Newlines (`\n` and `\r\n`) break
  /// lines; other controls stay in the text and are drawn as pictures (`␍`, `␛`). One pass over
  /// the characters, stopping once `maxLines` lines are made: the first screenful of a
  /// 100 KB text costs what that screenful costs.
  public func wrapped(toWidth width: Int, maxLines: Int = .max) -> [String] {
    guard width > 0, maxLines > 0 else { return [] }
    var lines: [String] = []
    var line = ""
    var lineWidth = 0
    var word = ""
    var wordWidth = 0
    func placeWord() {
      guard !word.isEmpty else { return }
      if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
        line += " " + word
        lineWidth += 1 + wordWidth
      } else {
        if lineWidth > 0 { lines.append(line) }
        line = word
        lineWidth = wordWidth
      }
      word = ""
      wordWidth = 0
    }
    for character in self {
      if lines.count >= maxLines { break }
      if character == "\n" || character == "\r\n" {
        placeWord()
        lines.append(line)
        line = ""
        lineWidth = 0
      } else if character == " " {
        placeWord()
      } else {
        let characterWidth = String(character).displayWidth
        if wordWidth > 0 && wordWidth + characterWidth > width {
          // A word wider than a line: its full-width pieces are lines of their own.
          if lineWidth > 0 { lines.append(line) }
          lines.append(word)
          line = ""
          lineWidth = 0
          word = ""
          wordWidth = 0
        }
        word.append(character)
        wordWidth += characterWidth
      }
    }
    if lines.count < maxLines {
      placeWord()
      lines.append(line)
    }
    return Array(lines.prefix(maxLines))
  }
}
