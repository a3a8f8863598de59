/// ASCII stand-ins for the box-drawing characters, markers and symbols d2t draws, for
/// terminals whose locale is not UTF-8: one ASCII character for each cell (two for a
/// double-width character), so layouts keep their widths (`╭─ Film ─╮` becomes
/// `+- Film -+`, `▌` becomes `>`, `∅` becomes `-`).
public enum AsciiFallback {
  static let table: [Character: Character] = [
    "─": "-", "━": "-", "│": "|", "┃": "|", "╭": "+", "╮": "+", "╰": "+", "╯": "+", "┌": "+", "┐": "+",
    "└": "+", "┘": "+", "├": "+", "┤": "+", "┬": "+", "┴": "+", "┼": "+", "═": "=", "║": "|",
    "▌": ">", "›": ">", "»": ">", "‹": "<", "•": "*", "·": ".", "∅": "-", "⏎": ">", "✓": "+", "✔": "+",
    "✗": "x", "✖": "x", "⚠": "!", "ℹ": "i", "▲": "^", "▼": "v", "◀": "<", "▶": ">", "←": "<",
    "→": ">", "↑": "^", "↓": "v", "…": ".", "★": "*", "“": "\"", "”": "\"", "‘": "'", "’": "'",
    "×": "x", "−": "-", "–": "-", "—": "-", "█": "#", "⊘": "x", "░": ".", "▒": ":", "▓": "#",
    "▏": "#", "▎": "#", "▍": "#", "▋": "#", "▊": "#", "▉": "#", "▁": "_", "▂": ".", "▃": ".", "▄": ":",
    "▅": ":", "▆": "#", "▇": "#", "≥": ">", "≤": "<", "▸": ">", "▾": "v",
  ]

  /// The text of one cell in ASCII: itself when it is ASCII, else its stand-in or `?`.
  public static func cell(_ text: String) -> String {
    guard let first = text.first, !first.isASCII else { return text }
    if let stand = table[first] { return String(stand) }
    if let scalar = first.unicodeScalars.first, (0x2800...0x28FF).contains(scalar.value) { return "*" }
    return "?"
  }

  /// A whole line, one stand-in per cell: a double-width character is `??`, so what
  /// follows it keeps its column.
  public static func text(_ line: String) -> String {
    var ascii = ""
    for character in line {
      if character.isASCII {
        ascii.append(character)
      } else if let stand = table[character] {
        ascii.append(stand)
      } else {
        ascii += DisplayWidth.of(String(character)) == 2 ? "??" : "?"
      }
    }
    return ascii
  }

  /// Whether the environment's locale (LC_ALL, then LC_CTYPE, then LANG) is UTF-8; with
  /// none set, d2t assumes UTF-8 (as it does for drawing), and only a locale that says
  /// otherwise (`C`, `POSIX`, `…ISO-8859-1`) gets ASCII.
  public static func localeIsUTF8(_ environment: [String: String]) -> Bool {
    guard
      let locale = [environment["LC_ALL"], environment["LC_CTYPE"], environment["LANG"]]
        .compactMap({ $0 }).first(where: { !$0.isEmpty })
    else { return true }
    let lowered = locale.lowercased()
    return lowered.contains("utf-8") || lowered.contains("utf8")
  }
}
