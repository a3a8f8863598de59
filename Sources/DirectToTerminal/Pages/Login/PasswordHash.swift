import Foundation

/// How the login page checks a password against what a user table stores: `crypt(3)`
/// hashes through the system's libxcrypt — bcrypt (`$2a$`/`$2b$`/`$2y$`, as pgcrypto's
/// `crypt()` makes it), sha512-crypt (`$6$`), yescrypt (`$y$`, Debian's `/etc/shadow`) —, Django's
/// `pbkdf2_sha256$<iterations>$<salt>$<base64 hash>`, SHA-1 or MD5 hex as the reference
/// checks them, and plain text only when a rule allows it. Every comparison takes the same
/// time whatever differs; nothing here logs or shows a hash.
enum PasswordHash {
  /// What checking `stored` costs: its algorithm and cost (`bcrypt 10`, `pbkdf2_sha256
  /// 870000`, `digest`), never the hash itself.
  static func kind(of stored: String) -> String {
    if stored.hasPrefix("$2") {
      return "bcrypt " + (stored.split(separator: "$").dropFirst().first.map(String.init) ?? "")
    }
    if stored.hasPrefix("$6$") { return "sha512-crypt" }
    if stored.hasPrefix("$y$") || stored.hasPrefix("$gy$") { return "yescrypt" }
    if stored.hasPrefix("pbkdf2_sha256$") {
      return "pbkdf2_sha256 "
        + (stored.split(separator: "$", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? "")
    }
    return "digest"
  }

  static func verify(_ password: String, stored: String, allowsPlain: Bool) -> Bool {
    if isCrypt(stored) { return verifyCrypt(password, stored: stored) }
    if stored.hasPrefix("pbkdf2_sha256$") { return verifyDjango(password, stored: stored) }
    let bytes = Array(password.utf8)
    let lowered = Array(stored.lowercased().utf8)
    let sha1 = Array(hex(SystemCrypto.digest(bytes, .sha1) ?? []).utf8)
    let md5 = Array(hex(SystemCrypto.digest(bytes, .md5) ?? []).utf8)
    let plain = allowsPlain && SystemCrypto.constantTimeEqual(Array(stored.utf8), Array(password.utf8))
    return SystemCrypto.constantTimeEqual(lowered, sha1) || SystemCrypto.constantTimeEqual(lowered, md5) || plain
  }

  /// The `crypt(3)` schemes checked through libxcrypt: bcrypt, sha512-crypt, yescrypt.
  static func isCrypt(_ stored: String) -> Bool {
    ["$2a$", "$2b$", "$2y$", "$6$", "$y$", "$gy$"].contains { stored.hasPrefix($0) }
  }

  /// The highest bcrypt cost checked (2^16 rounds, about 3 s here): a stored hash with a
  /// higher one never matches rather than hold the login for minutes.
  static let maximumBcryptCost = 16

  /// `crypt_rn` of the password with the stored setting gives the stored text back when
  /// the password is right; compared in constant time.
  static func verifyCrypt(_ password: String, stored: String) -> Bool {
    if stored.hasPrefix("$2") {
      let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
      guard parts.count == 4, let cost = Int(parts[2]), cost <= maximumBcryptCost else { return false }
    }
    guard let computed = SystemCrypto.crypt(password, setting: stored) else { return false }
    return SystemCrypto.constantTimeEqual(Array(computed.utf8), Array(stored.utf8))
  }

  /// Django's PBKDF2-HMAC-SHA256 hash: `pbkdf2_sha256$870000$<salt>$<base64 of 32 bytes>`.
  static func verifyDjango(_ password: String, stored: String) -> Bool {
    let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
    guard parts.count == 4, let iterations = Int(parts[1]), (1...10_000_000).contains(iterations),
      !parts[2].isEmpty, let expected = Data(base64Encoded: String(parts[3])), !expected.isEmpty,
      expected.count <= 64
    else { return false }
    guard
      let derived = SystemCrypto.pbkdf2SHA256(
        password: Array(password.utf8), salt: Array(parts[2].utf8), iterations: iterations, length: expected.count)
    else { return false }
    return SystemCrypto.constantTimeEqual(derived, Array(expected))
  }

  private static func hex<D: Sequence>(_ digest: D) -> String where D.Element == UInt8 {
    digest.map { String(format: "%02x", $0) }.joined()
  }
}
