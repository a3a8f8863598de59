extension String {
  /// The text broken into lines of at most `width` columns: at spaces where possible,
  /// inside a word only when the word alone is too wide. Newlines are kept.
  public func wrapped(toWidth width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      var lineWidth = 0
      for word in paragraph.split(separator: " ") {
        var word = String(word)
        var wordWidth = word.displayWidth
        if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
          line += " " + word
          lineWidth += 1 + wordWidth
          continue
        }
        if lineWidth > 0 { lines.append(line) }
        while wordWidth > width {
          let (head, rest) = word.splitAtWidth(width)
          lines.append(head)
          word = rest
          wordWidth = word.displayWidth
        }
        line = word
        lineWidth = wordWidth
      }
      lines.append(line)
    }
    return lines
  }

  /// The longest prefix of at most `width` columns (at least one character), and the rest.
  func splitAtWidth(_ width: Int) -> (String, String) {
    var used = 0
    var end = startIndex
    for index in indices {
      let w = String(self[index]).displayWidth
      if used + w > width && end > startIndex { break }
      used += w
      end = self.index(after: index)
    }
    return (String(self[..<end]), String(self[end...]))
  }
}
