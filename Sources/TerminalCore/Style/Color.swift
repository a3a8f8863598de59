/// A terminal colour: the terminal's default, a palette index (0–15 are the ANSI colours,
/// 16–255 the xterm cube and greys) or a 24-bit RGB value.
public enum Color: Hashable, Sendable, CustomStringConvertible {
  /// The terminal's own foreground or background.
  case `default`
  /// A palette entry, 0–255.
  case indexed(UInt8)
  /// A true-colour value.
  case rgb(UInt8, UInt8, UInt8)

  /// ANSI black (palette 0).
  public static let black = Color.indexed(0)
  /// ANSI red (palette 1).
  public static let red = Color.indexed(1)
  /// ANSI green (palette 2).
  public static let green = Color.indexed(2)
  /// ANSI yellow (palette 3).
  public static let yellow = Color.indexed(3)
  /// ANSI blue (palette 4).
  public static let blue = Color.indexed(4)
  /// ANSI magenta (palette 5).
  public static let magenta = Color.indexed(5)
  /// ANSI cyan (palette 6).
  public static let cyan = Color.indexed(6)
  /// ANSI white (palette 7).
  public static let white = Color.indexed(7)
  /// ANSI bright black, i.e. grey (palette 8).
  public static let brightBlack = Color.indexed(8)
  /// ANSI bright white (palette 15).
  public static let brightWhite = Color.indexed(15)

  /// The names of the 16 ANSI colours as written in theme files, by palette index.
  public static let ansiNames = [
    "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
    "bright-black", "bright-red", "bright-green", "bright-yellow", "bright-blue",
    "bright-magenta", "bright-cyan", "bright-white",
  ]

  public var description: String {
    switch self {
    case .default: return "default"
    case .indexed(let i) where Int(i) < Color.ansiNames.count: return Color.ansiNames[Int(i)]
    case .indexed(let i): return "\(i)"
    case .rgb(let r, let g, let b):
      return "#" + [r, g, b].map { String($0, radix: 16).leftPadded(to: 2, with: "0") }.joined()
    }
  }
}

extension String {
  func leftPadded(to length: Int, with pad: Character) -> String {
    count >= length ? self : String(repeating: pad, count: length - count) + self
  }
}
