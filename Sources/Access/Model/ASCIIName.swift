/// `RelationshipNames.identifier` for names of ASCII characters only (nearly every table and
/// column), on bytes: Unicode's letter and case properties cost a lookup per character, and
/// a catalog of 2,000 tables asks for some 16,000 names. Gives exactly what the general
/// version gives for ASCII text.
enum ASCIIName {
  static func identifier(_ text: String) -> String? {
    var words: [[UInt8]] = []
    var current: [UInt8] = []
    for byte in text.utf8 {
      if isLetter(byte) || isDigit(byte) {
        current.append(byte)
      } else if !current.isEmpty {
        words.append(current)
        current = []
      }
    }
    if !current.isEmpty { words.append(current) }
    guard let first = words.first, isLetter(first[0]) else { return nil }
    var result = decapitalized(first)
    for word in words.dropFirst() {
      var capitalized = word
      capitalized[0] = upper(word[0])
      result += capitalized
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// `RelationshipNames.decapitalize` on ASCII bytes: `FilmActor` → `filmActor`,
  /// `URLPath` → `urlPath`, `CUSTOMER` → `customer`.
  private static func decapitalized(_ word: [UInt8]) -> [UInt8] {
    let leadingUpper = word.prefix { isUpper($0) }.count
    if leadingUpper == word.count && word.count > 1 { return word.map(lower) }
    if leadingUpper > 1 {
      return word[..<(leadingUpper - 1)].map(lower) + word[(leadingUpper - 1)...]
    }
    var result = word
    result[0] = lower(word[0])
    return result
  }

  private static func isLetter(_ byte: UInt8) -> Bool { isUpper(byte) || (byte >= 0x61 && byte <= 0x7A) }
  private static func isUpper(_ byte: UInt8) -> Bool { byte >= 0x41 && byte <= 0x5A }
  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
  private static func lower(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte + 0x20 : byte }
  private static func upper(_ byte: UInt8) -> UInt8 { byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte }
}
