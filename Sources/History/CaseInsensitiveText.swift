/// Text to search case-insensitively in linear time: its lowercase UTF-8, searched with
/// Knuth–Morris–Pratt. Foundation's `range(of:options: .caseInsensitive)` compares the
/// query again at each position, which took minutes for a 10,000-character query over
/// long entries.
///
///     CaseInsensitiveText("SELECT * FROM film").contains(.init("from FILM"))   // true
///
/// Matching whole UTF-8 sequences never starts inside a character, since UTF-8 marks the
/// first byte of each.
public struct CaseInsensitiveText: Hashable, Sendable {
  let bytes: [UInt8]

  public init(_ text: String) {
    bytes = Array(text.lowercased().utf8)
  }

  /// A query prepared once for any number of texts: its lowercase UTF-8 and the KMP
  /// failure table (for each prefix, the length of its longest proper border).
  public struct Needle: Sendable {
    let bytes: [UInt8]
    let borders: [Int]

    public init(_ query: String) {
      bytes = Array(query.lowercased().utf8)
      var borders = [Int](repeating: 0, count: bytes.count)
      var length = 0
      for index in bytes.indices.dropFirst() {
        while length > 0 && bytes[index] != bytes[length] { length = borders[length - 1] }
        if bytes[index] == bytes[length] { length += 1 }
        borders[index] = length
      }
      self.borders = borders
    }
  }

  /// Whether `needle` occurs in the text: at most two steps per byte of the text.
  public func contains(_ needle: Needle) -> Bool {
    guard !needle.bytes.isEmpty else { return true }
    guard needle.bytes.count <= bytes.count else { return false }
    var matched = 0
    for byte in bytes {
      while matched > 0 && byte != needle.bytes[matched] { matched = needle.borders[matched - 1] }
      if byte == needle.bytes[matched] { matched += 1 }
      if matched == needle.bytes.count { return true }
    }
    return false
  }
}
