import Foundation

/// JSON laid out for display, token by token: whitespace outside strings changes, nothing
/// else — numbers keep their digits (`2.50`, `12345678901234567890`), keys their order and
/// strings their escapes, as stored. Text that is not JSON stays as it is.
enum JSONText {
  /// On one line, without spaces: `{"a":[1,2.50]}`.
  static func compact(_ text: String) -> String {
    layout(text, pretty: false) ?? text
  }

  /// Indented by two spaces, one member or element per line.
  static func pretty(_ text: String) -> String {
    layout(text, pretty: true) ?? text
  }

  private static func layout(_ text: String, pretty: Bool) -> String? {
    guard (try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])) != nil else {
      return nil
    }
    var output = ""
    var depth = 0
    var inString = false
    var escaped = false
    let characters = Array(text)
    func newline() {
      output += "\n" + String(repeating: "  ", count: depth)
    }
    var index = 0
    while index < characters.count {
      let character = characters[index]
      index += 1
      if inString {
        output.append(character)
        if escaped {
          escaped = false
        } else if character == "\\" {
          escaped = true
        } else if character == "\"" {
          inString = false
        }
        continue
      }
      switch character {
      case "\"":
        inString = true
        output.append(character)
      case " ", "\t", "\n", "\r":
        continue
      case "{", "[":
        output.append(character)
        // An empty object or array stays on its line.
        var next = index
        while next < characters.count, " \t\n\r".contains(characters[next]) { next += 1 }
        if next < characters.count, characters[next] == (character == "{" ? "}" : "]") {
          output.append(characters[next])
          index = next + 1
          continue
        }
        depth += 1
        if pretty { newline() }
      case "}", "]":
        depth -= 1
        if pretty { newline() }
        output.append(character)
      case ",":
        output.append(character)
        if pretty { newline() }
      case ":":
        output += pretty ? ": " : ":"
      default:
        output.append(character)
      }
    }
    return output
  }
}
