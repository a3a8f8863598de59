extension DatabaseValue {
  /// The value as unadorned text for titles and messages: `MARY`, `4.99`, `2005-05-24`.
  public var plainText: String {
    switch self {
    case .null: return ""
    case .text(let text): return text
    case .blob(let bytes): return bytes.count == 1 ? "1 byte" : "\(bytes.count) bytes"
    case .array(let values): return ArrayText.format(values)
    default: return literalText
    }
  }
}
