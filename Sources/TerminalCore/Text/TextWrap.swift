extension String {
  /// The text broken into lines of at most `width` columns: at spaces where possible,
  /// inside a word only when the word alone is too wide. Newlines are kept. One pass over
  /// the text (linear in its length, however long a word is).
  public func wrapped(toWidth width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineWidth = 0
      for word in paragraph.split(separator: " ") {
        let wordWidth = DisplayWidth.of(String(word))
        if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
          line += " "
          line += word
          lineWidth += 1 + wordWidth
          continue
        }
        if lineWidth > 0 { lines.append(line) }
        line = ""
        lineWidth = 0
        guard wordWidth > width else {
          line = String(word)
          lineWidth = wordWidth
          continue
        }
        for character in word {
          let characterWidth = DisplayWidth.of(String(character))
          if lineWidth > 0 && lineWidth + characterWidth > width {
            lines.append(line)
            line = ""
            lineWidth = 0
          }
          line.append(character)
          lineWidth += characterWidth
        }
      }
      lines.append(line)
    }
    return lines
  }
}
