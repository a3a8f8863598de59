extension String {
  /// The text with nothing a terminal would act on: safe to print names and values read
  /// from a database, a file or an error.
  ///
  /// - C0 controls (U+0000–U+001F, including newline and tab) become their Control Pictures
  ///   (ESC → `␛`, BEL → `␇`, newline → `␊`), DEL becomes `␡`.
  /// - C1 controls (U+0080–U+009F), bidi marks, embeddings, overrides and isolates (U+200E/F,
  ///   U+061C, U+202A–U+202E, U+2066–U+2069), the line and paragraph separators (U+2028/9)
  ///   and the BOM (U+FEFF) become `<U+202E>`.
  public var terminalSafe: String {
    var result = ""
    result.unicodeScalars.reserveCapacity(unicodeScalars.count)
    for scalar in unicodeScalars {
      switch scalar.value {
      case 0x00...0x1F:
        result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value) ?? "?")
      case 0x7F:
        result.unicodeScalars.append("\u{2421}")
      case let v where (0x80...0x9F).contains(v) || DisplayWidth.isHiddenFormatting(v):
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
      default:
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// JSON text (valid JSON, its C0 controls already escaped by the encoder) with DEL, the C1
  /// controls and the characters `terminalSafe` shows as `<U+202E>` written as `\u202e`
  /// escapes: the same JSON value, safe to print to a terminal.
  public var terminalSafeJSON: String {
    var result = ""
    result.unicodeScalars.reserveCapacity(unicodeScalars.count)
    for scalar in unicodeScalars {
      let v = scalar.value
      if v == 0x7F || (0x80...0x9F).contains(v) || DisplayWidth.isHiddenFormatting(v) {
        let hex = String(v, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `terminalSafe` applied to each line, keeping the line breaks.
  public var terminalSafeLines: String {
    split(separator: "\n", omittingEmptySubsequences: false).map { String($0).terminalSafe }
      .joined(separator: "\n")
  }
}
