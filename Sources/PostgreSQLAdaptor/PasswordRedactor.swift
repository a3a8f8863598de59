import Foundation

/// Removes the password of a connection string from libpq's messages, which quote malformed
/// URI text (`invalid percent-encoded token: "Top%zzSecret99"`) verbatim.
///
/// Redacts the password component of any `postgres://` or `postgresql://` URI, every
/// `password=` keyword value, and any double-quoted token containing the password as given
/// or percent-decoded. The replacement is `***`.
struct PasswordRedactor {
  /// The password texts to hide: as written in the connection string and decoded.
  let secrets: [String]

  init(connectionString: String) {
    var found: [String] = []
    if let scheme = connectionString.range(of: "://") {
      let rest = connectionString[scheme.upperBound...]
      let authority = rest.prefix { $0 != "/" && $0 != "?" }
      if let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") {
        found.append(String(authority[authority.index(after: colon)..<at]))
      }
    }
    for match in connectionString.matches(of: /password\s*=\s*('(?:[^'\\]|\\.)*'|[^\s&]+)/) {
      var value = String(match.1)
      if value.hasPrefix("'") { value = String(value.dropFirst().dropLast()) }
      found.append(value)
    }
    var secrets = found
    for secret in found { if let decoded = secret.removingPercentEncoding { secrets.append(decoded) } }
    self.secrets = Array(Set(secrets.filter { !$0.isEmpty })).sorted { $0.count > $1.count }
  }

  /// `message` with every password shape replaced by `***`.
  func redact(_ message: String) -> String {
    var text = message.replacing(/(postgres(?:ql)?:\/\/[^:\/@\s"]*:)[^@\s"]*@/) { $0.1 + "***@" }
    text = text.replacing(/(password\s*=\s*)('(?:[^'\\]|\\.)*'|[^\s&"]+)/) { $0.1 + "***" }
    for secret in secrets {
      text = text.replacing(/"[^"]*"/) { match in
        match.0.contains(secret) ? "\"***\"" : match.0
      }
      text = text.replacingOccurrences(of: secret, with: "***")
    }
    return text
  }
}
