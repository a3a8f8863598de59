/// How many colours a terminal can show, from none to 24-bit.
public enum ColorDepth: Int, Comparable, Sendable, CaseIterable, CustomStringConvertible {
  /// No colour at all (also used under `NO_COLOR`): attributes only.
  case monochrome = 1
  /// The 8 basic ANSI colours.
  case ansi8 = 8
  /// The 16 ANSI colours.
  case ansi16 = 16
  /// The xterm 256-colour palette.
  case indexed256 = 256
  /// 24-bit RGB.
  case trueColor = 16_777_216

  public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }

  /// The depth for a terminal reporting `colors` colours (2^24 for direct-colour terminfo
  /// entries), with `COLORTERM` and `NO_COLOR` read from `environment`. `NO_COLOR` set to
  /// anything non-empty gives `.monochrome`; `COLORTERM=truecolor` (or `24bit`) on a
  /// 256-colour terminal gives `.trueColor`.
  public static func detect(colors: Int, environment: [String: String]) -> ColorDepth {
    if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
    let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
    if colors >= 1 << 24 { return .trueColor }
    if colors >= 256 && (colorTerm == "truecolor" || colorTerm == "24bit") { return .trueColor }
    if colors >= 256 { return .indexed256 }
    if colors >= 16 { return .ansi16 }
    if colors >= 8 { return .ansi8 }
    return .monochrome
  }

  public var description: String {
    switch self {
    case .monochrome: return "monochrome"
    case .ansi8: return "8 colours"
    case .ansi16: return "16 colours"
    case .indexed256: return "256 colours"
    case .trueColor: return "true colour"
    }
  }
}
