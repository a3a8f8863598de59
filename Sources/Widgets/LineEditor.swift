import TerminalCore

/// Editing of one line of text by character: the shared engine of `TextFieldState` and
/// `TextAreaState`, with the keys of `TextKeys` (the readline keys Ctrl-A/E/U/K/W, Alt-B/F
/// word moves, Home/End, Backspace and Delete unless config.toml rebinds them).
struct LineEditor: Hashable, Sendable {
  var characters: [Character]
  var cursor: Int
  /// `characters` as one string, kept while text is only added at the end (typing), so
  /// reading `text` after each key does not rebuild a 100 KiB string; nil after other edits.
  private var joined: String?

  init(_ text: String) {
    characters = Array(text)
    cursor = characters.count
    joined = text
  }

  var text: String { joined ?? String(characters) }

  static func == (a: LineEditor, b: LineEditor) -> Bool { a.cursor == b.cursor && a.characters == b.characters }

  func hash(into hasher: inout Hasher) {
    hasher.combine(characters)
    hasher.combine(cursor)
  }

  /// Inserts text at the cursor, up to `limit` characters in total.
  mutating func insert(_ text: String, limit: Int?) {
    var new = Array(text)
    if let limit { new = Array(new.prefix(max(0, limit - characters.count))) }
    if cursor == characters.count { joined?.append(contentsOf: String(new)) } else { joined = nil }
    characters.insert(contentsOf: new, at: cursor)
    cursor += new.count
  }

  /// Applies an editing or movement key; returns false when the key is not an editing key.
  mutating func handle(_ event: KeyEvent, limit: Int?) -> Bool {
    if let c = event.typedCharacter {
      insert(String(c), limit: limit)
      return true
    }
    let count = characters.count
    defer { if characters.count != count { joined = nil } }
    guard let action = TextKeys.map.action(for: event) else { return false }
    switch action {
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(characters.count, cursor + 1)
    case .lineStart: cursor = 0
    case .lineEnd: cursor = characters.count
    case .deleteBack:
      guard cursor > 0 else { return true }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .deleteForward:
      guard cursor < characters.count else { return true }
      characters.remove(at: cursor)
    case .clearToStart:
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .clearToEnd:
      characters.removeSubrange(cursor...)
    case .deleteWordBack:
      let start = wordStart(before: cursor)
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .wordLeft:
      cursor = wordStart(before: cursor)
    case .wordRight:
      cursor = wordEnd(after: cursor)
    case .deleteWordForward:
      characters.removeSubrange(cursor..<wordEnd(after: cursor))
    }
    return true
  }

  func wordStart(before index: Int) -> Int {
    var i = index
    while i > 0 && !isWordCharacter(characters[i - 1]) { i -= 1 }
    while i > 0 && isWordCharacter(characters[i - 1]) { i -= 1 }
    return i
  }

  func wordEnd(after index: Int) -> Int {
    var i = index
    while i < characters.count && !isWordCharacter(characters[i]) { i += 1 }
    while i < characters.count && isWordCharacter(characters[i]) { i += 1 }
    return i
  }

  func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }

  /// Display width of the characters before `index`.
  func width(upTo index: Int, mask: Character?) -> Int {
    if let mask { return index * String(mask).displayWidth }
    return characters[..<index].reduce(0) { $0 + String($1).displayWidth }
  }

  /// The display width of the character at `index` (of `mask` when set).
  func width(at index: Int, mask: Character?) -> Int {
    String(mask ?? characters[index]).displayWidth
  }

  /// The first character shown when at most `width` columns fit and the cursor must stay
  /// visible, starting from the previous first character `start`, and the cursor's column
  /// in that window. Looks only at the characters on screen, not the whole line.
  func window(from start: Int, width: Int, mask: Character?) -> (start: Int, cursorColumn: Int) {
    let start = min(max(0, start), cursor)
    var column = 0
    var index = cursor
    var steps = 0
    while index > start {
      let next = self.width(at: index - 1, mask: mask)
      steps += 1
      if column + next > width || steps > 4 * width + 16 { return (index, column) }
      column += next
      index -= 1
    }
    return (start, column)
  }

  /// The characters from `start` that fit in `width` columns, as drawn (masked when
  /// `mask` is set).
  func displayed(from start: Int, width: Int, mask: Character?) -> String {
    var text = ""
    var used = 0
    var index = start
    var steps = 0
    while index < characters.count && used < width && steps < 4 * width + 16 {
      let character = mask ?? characters[index]
      used += String(character).displayWidth
      if used > width { break }
      text.append(character)
      index += 1
      steps += 1
    }
    return text
  }
}

/// Draws `text` scrolled horizontally by `scroll` columns into one row.
func drawScrolled(_ text: String, scroll: Int, in row: Rect, buffer: inout Buffer, style: Style) {
  var skipped = 0
  var visible = ""
  var clipped = false
  DisplayWidth.forEachCluster(text) { cluster, w in
    if skipped < scroll {
      skipped += w
      if skipped > scroll { clipped = true }
      return true
    }
    visible += cluster
    return true
  }
  let start = clipped ? 1 : 0
  buffer.setString(visible, x: row.x + start, y: row.y, style: style, maxWidth: row.width - start)
}
