import Foundation

/// Removes the password of a connection string from libpq's messages, which quote malformed
/// URI text (`invalid percent-encoded token: "Top%zzSecret99"`) verbatim.
///
/// Redacts the password component of any `postgres://` or `postgresql://` URI, every
/// `password=` keyword value, and any double-quoted token containing the password as given
/// or percent-decoded, and the password where it stands as a word of its own. The
/// replacement is `***`.
struct PasswordRedactor {
  /// The password texts to hide: as written in the connection string and decoded.
  let secrets: [String]

  init(connectionString: String, password: String? = nil) {
    var found: [String] = password.map { [$0] } ?? []
    if let scheme = connectionString.range(of: "://") {
      let rest = connectionString[scheme.upperBound...]
      let authority = rest.prefix { $0 != "/" && $0 != "?" }
      if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
        found.append(String(authority[authority.index(after: colon)..<at]))
      }
    }
    // The regular expression only where the keyword is (compiling it cost every connection,
    // and every connection whose password merely contains the word).
    let keywordMatches =
      Self.hasPasswordKeyword(connectionString)
      ? connectionString.matches(of: /password\s*=\s*('(?:[^'\\]|\\.)*'|[^\s&]+)/) : []
    for match in keywordMatches {
      var value = String(match.1)
      if value.hasPrefix("'") { value = String(value.dropFirst().dropLast()) }
      found.append(value)
    }
    var secrets = found
    for secret in found { if let decoded = secret.removingPercentEncoding { secrets.append(decoded) } }
    self.secrets = Array(Set(secrets.filter { !$0.isEmpty })).sorted { $0.count > $1.count }
  }

  /// Whether `text` has `password` followed, after spaces, by `=`: a `password=` keyword.
  static func hasPasswordKeyword(_ text: String) -> Bool {
    var rest = text[...]
    while let found = rest.range(of: "password") {
      rest = rest[found.upperBound...]
      if rest.first(where: { !$0.isWhitespace }) == "=" { return true }
    }
    return false
  }

  /// `message` with every password shape replaced by `***`.
  func redact(_ message: String) -> String {
    var text = message.replacing(/(postgres(?:ql)?:\/\/[^:\/@\s"]*:)[^@\s"]*@/) { $0.1 + "***@" }
    text = text.replacing(/(password\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s&"]+)/) { $0.1 + "***" }
    for secret in secrets {
      text = text.replacing(/"[^"]*"/) { match in
        match.0 == "\"\(secret)\"" || (secret.count >= 4 && match.0.contains(secret)) ? "\"***\"" : match.0
      }
      text = Self.replacingWhole(secret, in: text)
    }
    return text
  }

  /// Every occurrence of `secret` that is not part of a longer word (so that a short
  /// password such as `e` does not turn "connection" into "conn***ction"), as `***`.
  static func replacingWhole(_ secret: String, in text: String) -> String {
    func isWordCharacter(_ character: Character?) -> Bool {
      guard let character else { return false }
      return character.isLetter || character.isNumber
    }
    var result = ""
    var rest = text[...]
    while let range = rest.range(of: secret) {
      let before =
        range.lowerBound == rest.startIndex
        ? result.last : rest[rest.index(before: range.lowerBound)]
      let after = range.upperBound == rest.endIndex ? nil : rest[range.upperBound]
      let edgesAreWords =
        isWordCharacter(secret.first) && isWordCharacter(before)
        || isWordCharacter(secret.last) && isWordCharacter(after)
      result += rest[..<range.lowerBound]
      result += edgesAreWords ? String(rest[range]) : "***"
      rest = rest[range.upperBound...]
    }
    return result + rest
  }
}
