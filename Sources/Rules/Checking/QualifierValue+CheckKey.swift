import Qualifiers

extension QualifierValue {
  /// A text two values share exactly when they are equal as predicates compare them
  /// (`isEqual(to:)`): numbers by value (`1`, `1.0`, `01` share one), strings, booleans,
  /// null and lists of them each in their own kind. Lets the checks file rules by the
  /// values they require instead of comparing every pair.
  var checkKey: String {
    switch self {
    case .null: return "0"
    case .bool(let flag): return flag ? "t" : "f"
    case .string(let text): return "s" + text
    case .integer(let number): return "n" + Self.canonicalNumber(String(number))
    case .decimal(let text): return "n" + Self.canonicalNumber(text)
    case .binding(let name): return "$" + name
    case .list(let items):
      // Each item's key with its length first, so no two lists share a key by accident.
      return "l"
        + items.map { item in
          let key = item.checkKey
          return "\(key.utf8.count):" + key
        }.joined()
    }
  }

  /// A decimal's text without sign of zero, leading zeros or trailing fraction zeros.
  private static func canonicalNumber(_ text: String) -> String {
    var body = Substring(text)
    let negative = body.first == "-"
    if body.first == "-" || body.first == "+" { body = body.dropFirst() }
    let pieces = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let integer = pieces[0].drop { $0 == "0" }
    let fraction = pieces.count > 1 ? String(pieces[1].reversed().drop { $0 == "0" }.reversed()) : ""
    if integer.isEmpty && fraction.isEmpty { return "0" }
    return (negative ? "-" : "") + integer + (fraction.isEmpty ? "" : "." + fraction)
  }
}
