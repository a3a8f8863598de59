/// Recognises text that may hold a secret, so history never stores it.
///
/// A name is password-like when it contains `password`, `passwd`, `secret` or `token`, or
/// ends in `pwd` (any case, `_` and quotes allowed around it). An entry is refused when such
/// a name is followed by a comparison or assignment (`=`, `==`, `!=`, `<>`, `<`, `>`,
/// `like`, `ilike`, `in`, `:=`): `password = 'x'`, `"user_pwd" like 'a*'`,
/// `UPDATE staff SET password = …`, and so is one followed by a quoted value, as SQL sets a
/// role's password (`ALTER ROLE app PASSWORD 'x'`, `CREATE USER u WITH ENCRYPTED PASSWORD
/// 'x'`, `$$x$$`). Mentioning the name alone (`select password from …`) is kept.
///
/// One pass over the text, each character looked at a bounded number of times: a pasted
/// 100 KB search is checked in milliseconds (a backtracking regular expression took minutes).
public enum SensitiveText {
  /// Whether `text` compares or assigns a password-like name.
  public static func mentionsSecret(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      guard isNameScalar(scalars[index]) else {
        index += 1
        continue
      }
      let start = index
      while index < scalars.count, isNameScalar(scalars[index]) { index += 1 }
      if isPasswordLike(scalars[start..<index]), startsComparison(scalars, at: index) { return true }
      if isPasswordKeyword(scalars[start..<index]), startsQuotedValue(scalars, at: index) { return true }
    }
    return false
  }

  /// `A-Z`, `a-z`, `0-9` and `_`: the characters of a name as SQL and qualifiers spell it
  /// unquoted.
  static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: return true
    default: return false
    }
  }

  /// Whether the name contains `password`, `passwd`, `secret` or `token`, or ends in `pwd`,
  /// in any case.
  static func isPasswordLike(_ name: ArraySlice<Unicode.Scalar>) -> Bool {
    let lower = name.map { UInt8(truncatingIfNeeded: $0.value) | 0x20 }
    return contains(lower, "password") || contains(lower, "passwd") || contains(lower, "secret")
      || contains(lower, "token") || lower.suffix(3).elementsEqual("pwd".utf8)
  }

  /// SQL's `PASSWORD` keyword (any case), which sets a role's password to the value after it.
  static func isPasswordKeyword(_ name: ArraySlice<Unicode.Scalar>) -> Bool {
    name.count == 8 && name.map { UInt8(truncatingIfNeeded: $0.value) | 0x20 }.elementsEqual("password".utf8)
  }

  /// Whether white space then a quoted value (`'…'`, `E'…'`, `$$…$$`) follows `index`.
  static func startsQuotedValue(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    var index = index
    guard index < scalars.count, scalars[index].properties.isWhitespace else { return false }
    while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
    guard index < scalars.count else { return false }
    if scalars[index] == "E" || scalars[index] == "e" { index += 1 }
    return index < scalars.count && (scalars[index] == "'" || scalars[index] == "$")
  }

  /// Whether `word` (lowercase ASCII) occurs in `name`: a naive scan, linear because `word`
  /// is at most 8 letters long.
  private static func contains(_ name: [UInt8], _ word: StaticString) -> Bool {
    let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
    guard name.count >= needle.count else { return false }
    for start in 0...(name.count - needle.count)
    where name[start..<(start + needle.count)].elementsEqual(needle) {
      return true
    }
    return false
  }

  /// Whether a comparison or assignment follows a name ending before `index`: an optional
  /// closing quote (`"`, `` ` ``, `]`), white space, then `=`, `<`, `>`, `:=`, `!=`, or the
  /// word `like`, `ilike` or `in`.
  static func startsComparison(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
    var index = index
    if index < scalars.count, ["\"", "`", "]"].contains(scalars[index]) { index += 1 }
    while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
    guard index < scalars.count else { return false }
    switch scalars[index] {
    case "=", "<", ">": return true
    case ":", "!": return index + 1 < scalars.count && scalars[index + 1] == "="
    default: break
    }
    var end = index
    while end < scalars.count, end - index <= 5, isNameScalar(scalars[end]) { end += 1 }
    if end < scalars.count, isWordScalar(scalars[end]) { return false }
    let word = String(String.UnicodeScalarView(scalars[index..<end])).lowercased()
    return word == "like" || word == "ilike" || word == "in"
  }

  /// Letters, marks, digits and connector punctuation: what a regular expression's `\b`
  /// takes as part of a word.
  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    if properties.isAlphabetic { return true }
    switch properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation: return true
    default: return false
    }
  }
}
