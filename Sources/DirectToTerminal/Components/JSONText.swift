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
    // Scanned by Unicode scalars, not Characters: a string's quote followed by a combining
    // mark (`"\u{301}`) is one Character, which is no quote, and the string's text was
    // read as structure.
    var output = String.UnicodeScalarView()
    var depth = 0
    var inString = false
    var escaped = false
    let scalars = Array(text.unicodeScalars)
    func append(_ text: String) { output.append(contentsOf: text.unicodeScalars) }
    func newline() {
      append("\n" + String(repeating: "  ", count: depth))
    }
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      index += 1
      if inString {
        output.append(scalar)
        if escaped {
          escaped = false
        } else if scalar == "\\" {
          escaped = true
        } else if scalar == "\"" {
          inString = false
        }
        continue
      }
      switch scalar {
      case "\"":
        inString = true
        output.append(scalar)
      case " ", "\t", "\n", "\r":
        continue
      case "{", "[":
        output.append(scalar)
        // An empty object or array stays on its line.
        var next = index
        while next < scalars.count, " \t\n\r".unicodeScalars.contains(scalars[next]) { next += 1 }
        if next < scalars.count, scalars[next] == (scalar == "{" ? "}" : "]") {
          output.append(scalars[next])
          index = next + 1
          continue
        }
        depth += 1
        if pretty { newline() }
      case "}", "]":
        depth = max(0, depth - 1)
        if pretty { newline() }
        output.append(scalar)
      case ",":
        output.append(scalar)
        if pretty { newline() }
      case ":":
        append(pretty ? ": " : ":")
      default:
        output.append(scalar)
      }
    }
    return String(output)
  }
}
