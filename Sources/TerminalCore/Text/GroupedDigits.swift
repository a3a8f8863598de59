/// Numbers with their thousands separated, as lists, counts and charts show them.
public enum GroupedDigits {
  /// `"1234567.891"` → `"1,234,567.891"`. Linear in the text's length: one pass over its
  /// bytes (a 130,000-digit `numeric` is grouped in a millisecond).
  public static func text(_ text: String) -> String {
    let bytes = Array(text.utf8)
    let start = bytes.first == UInt8(ascii: "-") ? 1 : 0
    let end = bytes[start...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
    let integerCount = end - start
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count + integerCount / 3)
    result.append(contentsOf: bytes[..<start])
    for offset in 0..<integerCount {
      if offset > 0 && (integerCount - offset) % 3 == 0 { result.append(UInt8(ascii: ",")) }
      result.append(bytes[start + offset])
    }
    result.append(contentsOf: bytes[end...])
    return String(decoding: result, as: UTF8.self)
  }

  /// `199990` → `199,990`.
  public static func text(_ value: Int) -> String { text(String(value)) }
}
