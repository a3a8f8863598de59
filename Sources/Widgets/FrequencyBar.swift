/// A horizontal bar of block characters for a share of a width, with eighths of a cell at
/// its end (`█████▍`); a share above nothing shows at least `▏`. Under an ASCII locale the
/// terminal draws each block as `#`.
public enum FrequencyBar {
  /// The partial cells, by eighths (1…7). Four eighths borrow three: the half block `▌` is
  /// the selection marker, drawn `>` in ASCII.
  static let partials: [Character] = ["▏", "▎", "▍", "▍", "▋", "▊", "▉"]

  public static func text(fraction: Double, width: Int) -> String {
    guard width > 0, fraction > 0 else { return "" }
    let eighths = max(1, Int((min(1, fraction) * Double(width) * 8).rounded()))
    let full = eighths / 8
    let rest = eighths % 8
    return String(repeating: "█", count: full) + (rest > 0 ? String(partials[rest - 1]) : "")
  }
}
