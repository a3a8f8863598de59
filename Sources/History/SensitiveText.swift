import Foundation

/// Recognises text that may hold a secret, so history never stores it.
///
/// A name is password-like when it contains `password`, `passwd`, `secret` or `token`, or
/// ends in `pwd` (any case, `_` and quotes allowed around it). An entry is refused when such
/// a name is followed by a comparison or assignment (`=`, `==`, `!=`, `<>`, `<`, `>`,
/// `like`, `ilike`, `in`, `:=`): `password = 'x'`, `"user_pwd" like 'a*'`,
/// `UPDATE staff SET password = …`. Mentioning the name alone (`select password from …`)
/// is kept.
public enum SensitiveText {
  private static let pattern = try? NSRegularExpression(
    pattern: #"[A-Za-z0-9_]*(password|passwd|secret|token|pwd)[A-Za-z0-9_]*["`\]]?\s*(:=|==|!=|<>|<=|>=|=|<|>|\blike\b|\bilike\b|\bin\b)"#,
    options: [.caseInsensitive])

  /// Whether `text` compares or assigns a password-like name.
  public static func mentionsSecret(_ text: String) -> Bool {
    guard let pattern else { return true }
    let range = NSRange(text.startIndex..., in: text)
    for match in pattern.matches(in: text, range: range) {
      guard let nameRange = Range(match.range, in: text) else { continue }
      let name = text[nameRange].lowercased().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
      if name.contains("password") || name.contains("passwd") || name.contains("secret")
        || name.contains("token") || name.hasSuffix("pwd")
      {
        return true
      }
    }
    return false
  }
}
