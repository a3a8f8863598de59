import CNcursesw
import TerminalCore

/// Hands out ncurses colour pairs for (foreground, background) combinations on first use.
/// Pair 0 is the terminal's default colours. When the terminal runs out of pairs, further
/// combinations use pair 0.
struct ColorPairs {
  private var pairs: [PairKey: Int32] = [:]
  private let limit: Int32
  let depth: ColorDepth

  struct PairKey: Hashable {
    var foreground: Int32
    var background: Int32
  }

  /// `depth` is what colours are degraded to before they reach ncurses (true colour is
  /// drawn through the 256-colour palette); `limit` is `COLOR_PAIRS`.
  init(depth: ColorDepth, limit: Int32) {
    self.depth = min(depth, .indexed256)
    self.limit = limit
  }

  /// The pair for a style's colours.
  mutating func pair(for style: Style) -> Int32 {
    guard depth > .monochrome else { return 0 }
    let key = PairKey(
      foreground: ColorPairs.number(style.foreground.degraded(to: depth)),
      background: ColorPairs.number(style.background.degraded(to: depth)))
    if key.foreground == -1 && key.background == -1 { return 0 }
    if let pair = pairs[key] { return pair }
    let next = Int32(pairs.count + 1)
    guard next < limit, init_extended_pair(next, key.foreground, key.background) == OK else { return 0 }
    pairs[key] = next
    return next
  }

  /// The ncurses colour number (-1 for the default colour).
  static func number(_ color: Color) -> Int32 {
    switch color {
    case .default, .rgb: return -1
    case .indexed(let i): return Int32(i)
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
