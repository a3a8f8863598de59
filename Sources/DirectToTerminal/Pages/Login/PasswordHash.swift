import Crypto
import Foundation
import _CryptoExtras

/// How the login page checks a password against what a user table stores: bcrypt
/// (`$2a$`/`$2b$`/`$2y$`, as pgcrypto's `crypt()` makes it), Django's
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
    if stored.hasPrefix("pbkdf2_sha256$") {
      return "pbkdf2_sha256 "
        + (stored.split(separator: "$", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? "")
    }
    return "digest"
  }

  static func verify(_ password: String, stored: String, allowsPlain: Bool) -> Bool {
    if stored.hasPrefix("$2") { return Bcrypt.verify(password, stored: stored) }
    if stored.hasPrefix("pbkdf2_sha256$") { return verifyDjango(password, stored: stored) }
    let data = Data(password.utf8)
    let lowered = Array(stored.lowercased().utf8)
    let sha1 = Array(hex(Insecure.SHA1.hash(data: data)).utf8)
    let md5 = Array(hex(Insecure.MD5.hash(data: data)).utf8)
    let plain = allowsPlain && constantTimeEqual(Array(stored.utf8), Array(password.utf8))
    return constantTimeEqual(lowered, sha1) || constantTimeEqual(lowered, md5) || plain
  }

  /// Django's PBKDF2-HMAC-SHA256 hash: `pbkdf2_sha256$870000$<salt>$<base64 of 32 bytes>`.
  static func verifyDjango(_ password: String, stored: String) -> Bool {
    let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
    guard parts.count == 4, let iterations = Int(parts[1]), (1...10_000_000).contains(iterations),
      !parts[2].isEmpty, let expected = Data(base64Encoded: String(parts[3])), !expected.isEmpty,
      expected.count <= 64
    else { return false }
    guard
      let key = try? KDF.Insecure.PBKDF2.deriveKey(
        from: Data(password.utf8), salt: Data(parts[2].utf8), using: .sha256,
        outputByteCount: expected.count, unsafeUncheckedRounds: iterations)
    else { return false }
    let derived = key.withUnsafeBytes { Array($0) }
    return constantTimeEqual(derived, Array(expected))
  }

  private static func hex<D: Sequence>(_ digest: D) -> String where D.Element == UInt8 {
    digest.map { String(format: "%02x", $0) }.joined()
  }
}
