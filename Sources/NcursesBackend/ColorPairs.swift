import CNcursesw
import TerminalCore

/// Hands out ncurses colour pairs for (foreground, background) combinations on first use.
/// Pair 0 is the terminal's default colours. When the terminal runs out of pairs, further
/// combinations use pair 0.
///
/// On a direct-colour terminal (terminfo `*-direct`, `COLORS` = 2^24) RGB colours are
/// passed as `0xRRGGBB` colour numbers; elsewhere true colour goes through the 256-colour
/// palette.
struct ColorPairs {
  private var pairs: [PairKey: Int32] = [:]
  private let limit: Int32
  let depth: ColorDepth
  let isDirect: Bool

  struct PairKey: Hashable {
    var foreground: Int32
    var background: Int32
  }

  /// `depth` is what colours are degraded to before they reach ncurses; `colors` is
  /// ncurses' `COLORS` and `limit` its `COLOR_PAIRS`.
  init(depth: ColorDepth, colors: Int, limit: Int32) {
    isDirect = colors >= 1 << 24
    self.depth = isDirect ? depth : min(depth, .indexed256)
    self.limit = limit
  }

  /// The pair for a style's colours.
  mutating func pair(for style: Style) -> Int32 {
    guard depth > .monochrome else { return 0 }
    let key = PairKey(
      foreground: number(style.foreground.degraded(to: depth)),
      background: number(style.background.degraded(to: depth)))
    if key.foreground == -1 && key.background == -1 { return 0 }
    if let pair = pairs[key] { return pair }
    let next = Int32(pairs.count + 1)
    guard next < limit, init_extended_pair(next, key.foreground, key.background) == OK else {
      return 0
    }
    pairs[key] = next
    return next
  }

  /// The ncurses colour number: -1 for the default colour, the palette index, or on a
  /// direct-colour terminal `0xRRGGBB` (where only 0–7 still mean ANSI colours).
  func number(_ color: Color) -> Int32 {
    switch color {
    case .default: return -1
    case .indexed(let i) where !isDirect || i < 8: return Int32(i)
    case .indexed, .rgb:
      guard isDirect else { return -1 }
      let (r, g, b) = color.rgbValue
      return Int32(r) << 16 | Int32(g) << 8 | Int32(b)
    }
  }

  /// The ncurses attributes for text attributes.
  static func attributes(_ attributes: TextAttributes) -> attr_t {
    var result = NC_A_NORMAL
    if attributes.contains(.bold) { result |= NC_A_BOLD }
    if attributes.contains(.dim) { result |= NC_A_DIM }
    if attributes.contains(.italic) { result |= NC_A_ITALIC }
    if attributes.contains(.underline) { result |= NC_A_UNDERLINE }
    if attributes.contains(.reverse) { result |= NC_A_REVERSE }
    if attributes.contains(.blink) { result |= NC_A_BLINK }
    return result
  }
}
