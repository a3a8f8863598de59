import CClientLibraries
import CSystemCrypto

/// Hashing from the system's libraries: digests and PBKDF2 from OpenSSL's libcrypto (libpq
/// links it already), password hashes from libxcrypt's `crypt_rn` (bcrypt, sha512-crypt,
/// yescrypt: whatever the system's `crypt(3)` knows). libcrypto is loaded on first use; if it
/// cannot be, digests and PBKDF2 give nil (no password checks out).
enum SystemCrypto {
  static var hasLibcrypto: Bool { d2t_load_libcrypto() == nil }

  enum Digest {
    case md5
    case sha1
    case sha256

    var algorithm: OpaquePointer? {
      switch self {
      case .md5: return EVP_md5()
      case .sha1: return EVP_sha1()
      case .sha256: return EVP_sha256()
      }
    }
  }

  /// The digest of `bytes`, nil only if libcrypto fails.
  static func digest(_ bytes: [UInt8], _ digest: Digest) -> [UInt8]? {
    guard hasLibcrypto else { return nil }
    var output = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var length: UInt32 = 0
    let status = bytes.withUnsafeBufferPointer { input in
      EVP_Digest(input.baseAddress, input.count, &output, &length, digest.algorithm, nil)
    }
    return status == 1 ? Array(output.prefix(Int(length))) : nil
  }

  /// PBKDF2-HMAC-SHA256 of `password` with `salt`: `length` bytes.
  static func pbkdf2SHA256(password: [UInt8], salt: [UInt8], iterations: Int, length: Int) -> [UInt8]? {
    guard let rounds = Int32(exactly: iterations), let size = Int32(exactly: length),
      let passwordLength = Int32(exactly: password.count), let saltLength = Int32(exactly: salt.count),
      hasLibcrypto
    else { return nil }
    var output = [UInt8](repeating: 0, count: length)
    let status = password.withUnsafeBytes { passwordBytes in
      salt.withUnsafeBufferPointer { saltBytes in
        PKCS5_PBKDF2_HMAC(
          passwordBytes.baseAddress?.assumingMemoryBound(to: CChar.self), passwordLength, saltBytes.baseAddress,
          saltLength, rounds, EVP_sha256(), size, &output)
      }
    }
    return status == 1 ? output : nil
  }

  /// Equal length and equal bytes, in a time that does not depend on where they differ
  /// (`CRYPTO_memcmp`).
  static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
    guard a.count == b.count else { return false }
    guard !a.isEmpty else { return true }
    guard hasLibcrypto else { return false }
    return a.withUnsafeBytes { left in
      b.withUnsafeBytes { right in
        CRYPTO_memcmp(left.baseAddress, right.baseAddress, a.count) == 0
      }
    }
  }

  /// `crypt(3)` of `password` with the setting (and salt) of `stored`: the whole hash text,
  /// to compare with `stored`; nil for a setting libxcrypt does not know or refuses.
  static func crypt(_ password: String, setting stored: String) -> String? {
    guard !password.utf8.contains(0), !stored.utf8.contains(0) else { return nil }
    let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
    defer { data.deallocate() }
    let size = MemoryLayout<crypt_data>.size
    UnsafeMutableRawPointer(data).initializeMemory(as: UInt8.self, repeating: 0, count: size)
    defer { UnsafeMutableRawPointer(data).initializeMemory(as: UInt8.self, repeating: 0, count: size) }
    guard let result = crypt_rn(password, stored, data, Int32(size)) else { return nil }
    return String(cString: result)
  }
}
