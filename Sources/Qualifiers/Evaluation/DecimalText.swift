/// Exact comparison of decimal literals in text form (`-4.50` = `-4.5`), without
/// binary floating point.
enum DecimalText {
  static func compare(_ left: String, _ right: String) -> Int {
    let l = Parts(left)
    let r = Parts(right)
    if l.isZero && r.isZero { return 0 }
    if l.isNegative != r.isNegative { return l.isNegative ? -1 : 1 }
    let magnitude = compareMagnitude(l, r)
    return l.isNegative ? -magnitude : magnitude
  }

  private static func compareMagnitude(_ l: Parts, _ r: Parts) -> Int {
    if l.integer.count != r.integer.count { return l.integer.count < r.integer.count ? -1 : 1 }
    if l.integer != r.integer { return l.integer < r.integer ? -1 : 1 }
    let width = max(l.fraction.count, r.fraction.count)
    let lf = l.fraction.padding(width)
    let rf = r.fraction.padding(width)
    return lf == rf ? 0 : (lf < rf ? -1 : 1)
  }

  private struct Parts {
    var isNegative: Bool
    /// Digits without leading zeros.
    var integer: String
    /// Digits without trailing zeros.
    var fraction: String

    init(_ text: String) {
      var body = Substring(text)
      isNegative = body.first == "-"
      if body.first == "-" || body.first == "+" { body = body.dropFirst() }
      let pieces = body.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
      integer = String(pieces[0].drop { $0 == "0" })
      fraction = pieces.count > 1 ? String(pieces[1].reversed().drop { $0 == "0" }.reversed()) : ""
    }

    var isZero: Bool { integer.isEmpty && fraction.isEmpty }
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    self + String(repeating: "0", count: width - count)
  }
}
