import CWidth

/// Display widths as ncursesw draws them: glibc `wcwidth` in the C.UTF-8 locale, whatever
/// the process locale is.
///
/// Text is cut into *clusters*, one per cell: a spacing scalar (width 1 or 2) plus the
/// zero-width scalars that follow it (combining marks, skin-tone-free selectors…), at most
/// five scalars as a `cchar_t` holds. U+200D (zero-width joiner) and U+FE0F (emoji
/// presentation selector) are dropped, so a ZWJ family shows as its members side by side
/// in every layer (Swift, ncurses, tmux) instead of being joined by some of them.
/// Nothing a terminal acts on is drawn as itself, and each such scalar takes one cell:
/// C0 controls show as their Control Pictures (NUL `␀`, ESC `␛`, newline `␊`), DEL as `␡`,
/// a tab as one space; C1 controls and the invisible formatting characters (bidi marks,
/// embeddings, overrides and isolates, U+2028/9, the BOM) as `␦` (U+2426), so they differ
/// from the U+FFFD the adaptors put for bytes that are not UTF-8.
public enum DisplayWidth {
  /// Maximum scalars in one cell (ncurses `CCHARW_MAX`).
  public static let maxScalarsPerCell = 5

  /// The width of one scalar: 0, 1 or 2. Control characters count 1 (they are shown as one
  /// picture, see `visible`); ZWJ and U+FE0F count 0.
  public static func of(_ scalar: Unicode.Scalar) -> Int {
    let v = scalar.value
    if v >= 0x20 && v < 0x7F { return 1 }
    if isHiddenFormatting(v) { return 1 }
    if isDropped(scalar) { return 0 }
    if v < 0x20 || (v >= 0x7F && v < 0xA0) { return 1 }
    let w = Int(cwidth_scalar(v))
    return w < 0 ? 1 : w
  }

  /// The width of a string: the sum of its clusters' widths.
  public static func of(_ text: String) -> Int {
    var total = 0
    for scalar in text.unicodeScalars {
      let v = scalar.value
      total += (v >= 0x20 && v < 0x7F) ? 1 : of(scalar)
    }
    return total
  }

  /// Whether `text` takes at most `width` columns. Reads no further than the first
  /// scalars that pass it, so fitting a 1 MB line into a status bar costs what the bar's
  /// width does.
  public static func fits(_ text: String, in width: Int) -> Bool {
    var total = 0
    for scalar in text.unicodeScalars {
      let v = scalar.value
      total += (v >= 0x20 && v < 0x7F) ? 1 : of(scalar)
      if total > width { return false }
    }
    return true
  }

  /// True for scalars removed before drawing (U+200D, U+FE0F).
  static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value == 0x200D || scalar.value == 0xFE0F
  }

  /// Calls `body(cluster, width)` for each cell cluster of `text`, in order. Stops early
  /// when `body` returns false. Zero-width scalars at the start are dropped.
  @inline(__always)
  public static func forEachCluster(_ text: String, _ body: (String, Int) -> Bool) {
    var pending = ""
    var pendingWidth = 0
    var pendingCount = 0
    for scalar in text.unicodeScalars {
      let v = scalar.value
      if v >= 0x20 && v < 0x7F {
        if pendingWidth > 0 && !body(pending, pendingWidth) { return }
        pending = String(Character(scalar))
        pendingWidth = 1
        pendingCount = 1
        continue
      }
      if isDropped(scalar) { continue }
      let width = of(scalar)
      if width == 0 {
        if pendingWidth > 0 && pendingCount < maxScalarsPerCell {
          pending.unicodeScalars.append(scalar)
          pendingCount += 1
        }
        continue
      }
      if pendingWidth > 0 && !body(pending, pendingWidth) { return }
      pending = String(Character(visible(scalar)))
      pendingWidth = width
      pendingCount = 1
    }
    if pendingWidth > 0 { _ = body(pending, pendingWidth) }
  }

  /// What stands for a C1 control or an invisible formatting character: U+2426 `␦`, the
  /// Control Pictures block's second symbol for SUBSTITUTE, the control ASCII keeps for a
  /// character that cannot be shown. One cell, like the character it replaces.
  static let hiddenPicture: Unicode.Scalar = "\u{2426}"

  /// The scalar actually drawn: a C0 control becomes its Control Picture (U+2400 + code),
  /// DEL `␡`, a tab a space, a C1 control or invisible formatting character `␦`.
  static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    let v = scalar.value
    if v == 0x09 { return " " }
    if v < 0x20 { return Unicode.Scalar(0x2400 + v) ?? hiddenPicture }
    if v == 0x7F { return "\u{2421}" }
    if (0x80..<0xA0).contains(v) || isHiddenFormatting(v) { return hiddenPicture }
    return scalar
  }

  /// Bidirectional controls (U+200E/F, U+061C, U+202A–U+202E, U+2066–U+2069), the line and
  /// paragraph separators (U+2028/9) and the byte order mark U+FEFF: invisible, yet they
  /// reorder, break or hide what follows, so they are drawn as `␦` like the C1 controls
  /// and printed as `<U+202E>` by `terminalSafe`.
  static func isHiddenFormatting(_ v: UInt32) -> Bool {
    v == 0x200E || v == 0x200F || v == 0x061C || (0x202A...0x202E).contains(v)
      || (0x2066...0x2069).contains(v) || v == 0x2028 || v == 0x2029 || v == 0xFEFF
  }
}

extension String {
  /// The number of terminal columns this text takes (see `DisplayWidth`).
  public var displayWidth: Int { DisplayWidth.of(self) }

  /// The text cut to at most `width` columns. When it is cut, the last column(s) become
  /// `ellipsis`; a wide character is never split (a space pads the gap).
  public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
    guard width > 0 else { return "" }
    if DisplayWidth.fits(self, in: width) { return self }
    let ellipsisWidth = ellipsis.displayWidth
    guard ellipsisWidth <= width else { return String(repeating: ".", count: width) }
    let budget = width - ellipsisWidth
    var result = ""
    var used = 0
    DisplayWidth.forEachCluster(self) { cluster, w in
      if used + w > budget { return false }
      result += cluster
      used += w
      return true
    }
    if used < budget { result += String(repeating: " ", count: budget - used) }
    return result + ellipsis
  }

  /// The text truncated (with an ellipsis) or padded with spaces to exactly `width` columns,
  /// aligned as asked.
  public func fitted(toWidth width: Int, alignment: Alignment = .left) -> String {
    let cut = truncated(toWidth: width)
    let gap = width - cut.displayWidth
    guard gap > 0 else { return cut }
    switch alignment {
    case .left: return cut + String(repeating: " ", count: gap)
    case .right: return String(repeating: " ", count: gap) + cut
    case .center:
      return String(repeating: " ", count: gap / 2) + cut
        + String(repeating: " ", count: gap - gap / 2)
    }
  }
}

/// Horizontal alignment of text within a width.
public enum Alignment: String, Hashable, Sendable {
  /// Flush left.
  case left
  /// Centred (extra space on the right).
  case center
  /// Flush right.
  case right
}
