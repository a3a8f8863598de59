/// Finds where a key is written in TOML text, for messages about what was read from it
/// (TOMLKit's tables keep no positions): under a `[table]` header (quoted and spaced names
/// too: `[connections."db prod"]`), as a dotted key (`shop.url = …` under `[connections]`,
/// `connections.shop.url = …` at the top), or inside an inline table
/// (`shop = { url = "…", read_only = "yes" }`), with quoted keys (`"read_only" = …`).
struct TOMLKeyLocator {
  let lines: [Substring]

  /// The line and column (1-based) of the key at `path`, or nil.
  func position(of path: [String]) -> (line: Int, column: Int)? {
    var table: [String] = []
    for (index, line) in lines.enumerated() {
      let characters = Array(line)
      var cursor = 0
      skipSpaces(characters, &cursor)
      guard cursor < characters.count, characters[cursor] != "#" else { continue }
      if characters[cursor] == "[" {
        cursor += characters[cursor...].starts(with: "[[") ? 2 : 1
        table = keyPath(characters, &cursor)
        continue
      }
      if let column = find(path, in: characters, from: cursor, under: table) { return (index + 1, column) }
    }
    return nil
  }

  /// The line of the `[table]` header at `path`, or nil.
  func header(of path: [String]) -> Int? {
    for (index, line) in lines.enumerated() {
      let characters = Array(line)
      var cursor = 0
      skipSpaces(characters, &cursor)
      guard cursor < characters.count, characters[cursor] == "[" else { continue }
      cursor += characters[cursor...].starts(with: "[[") ? 2 : 1
      if keyPath(characters, &cursor) == path { return index + 1 }
    }
    return nil
  }

  /// A `key = value` at `cursor` (and the pairs of an inline table value) under `table`.
  private func find(_ path: [String], in characters: [Character], from start: Int, under table: [String]) -> Int? {
    var cursor = start
    let keyStart = cursor
    let key = keyPath(characters, &cursor)
    guard !key.isEmpty else { return nil }
    skipSpaces(characters, &cursor)
    guard cursor < characters.count, characters[cursor] == "=" else { return nil }
    let full = table + key
    if full == path { return keyStart + 1 }
    cursor += 1
    skipSpaces(characters, &cursor)
    guard cursor < characters.count, characters[cursor] == "{", path.starts(with: full) else { return nil }
    // An inline table: its pairs, separated by commas, on this line.
    cursor += 1
    while cursor < characters.count {
      skipSpaces(characters, &cursor)
      if let column = find(path, in: characters, from: cursor, under: full) { return column }
      // On to the next pair: past the value, minding strings and nested braces.
      var depth = 0
      var quote: Character?
      while cursor < characters.count {
        let character = characters[cursor]
        if let open = quote {
          if character == "\\" && open == "\"" {
            cursor += 1
          } else if character == open {
            quote = nil
          }
        } else if character == "\"" || character == "'" {
          quote = character
        } else if character == "{" || character == "[" {
          depth += 1
        } else if character == "}" || character == "]" {
          if depth == 0 { return nil }
          depth -= 1
        } else if character == ",", depth == 0 {
          cursor += 1
          break
        }
        cursor += 1
      }
    }
    return nil
  }

  /// A dotted key at `cursor` (bare, "basic" or 'literal' parts), moving past it.
  private func keyPath(_ characters: [Character], _ cursor: inout Int) -> [String] {
    var parts: [String] = []
    while cursor < characters.count {
      skipSpaces(characters, &cursor)
      guard cursor < characters.count else { break }
      let character = characters[cursor]
      var part = ""
      if character == "\"" || character == "'" {
        cursor += 1
        while cursor < characters.count, characters[cursor] != character {
          if character == "\"", characters[cursor] == "\\", cursor + 1 < characters.count { cursor += 1 }
          part.append(characters[cursor])
          cursor += 1
        }
        cursor += 1
      } else {
        while cursor < characters.count,
          characters[cursor].isLetter || characters[cursor].isNumber || characters[cursor] == "_"
            || characters[cursor] == "-"
        {
          part.append(characters[cursor])
          cursor += 1
        }
        if part.isEmpty { break }
      }
      parts.append(part)
      skipSpaces(characters, &cursor)
      guard cursor < characters.count, characters[cursor] == "." else { break }
      cursor += 1
    }
    return parts
  }

  private func skipSpaces(_ characters: [Character], _ cursor: inout Int) {
    while cursor < characters.count, characters[cursor] == " " || characters[cursor] == "\t" { cursor += 1 }
  }
}
