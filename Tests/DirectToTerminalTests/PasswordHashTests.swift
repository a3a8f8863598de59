import Testing

@testable import DirectToTerminal

/// The hashes the login page accepts, checked against published vectors (OpenBSD's and
/// Openwall's bcrypt tests, the same pgcrypto gives), sha512-crypt and yescrypt hashes, and
/// Django-format PBKDF2 hashes made with Python's `hashlib.pbkdf2_hmac`.
@Suite struct PasswordHashTests {
  static let bcryptVectors: [(String, String)] = [
    ("U*U", "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW"),
    ("U*U*", "$2a$05$CCCCCCCCCCCCCCCCCCCCC.VGOzA784oUp/Z0DY336zx7pLYAy0lwK"),
    ("U*U*U", "$2a$05$XXXXXXXXXXXXXXXXXXXXXOAcXxm9kjPGEMsLznoKqmqw7tc8WCx4a"),
    ("", "$2a$05$CCCCCCCCCCCCCCCCCCCCC.7uG0VCzI2bS7j6ymqJi9CdcdxiRTWNy"),
    (
      "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789chars after 72 are ignored",
      "$2a$05$abcdefghijklmnopqrstuu5s2v8.iXieOjg/.AySBTTZIIVFJeBui"
    ),
  ]

  @Test func bcryptMatchesThePublishedVectors() {
    for (password, hash) in Self.bcryptVectors {
      #expect(PasswordHash.verify(password, stored: hash, allowsPlain: false), "\(hash)")
      #expect(!PasswordHash.verify("x" + password, stored: hash, allowsPlain: false), "\(hash)")
      for variant in ["$2b$", "$2y$"] {
        let other = variant + hash.dropFirst(4)
        #expect(PasswordHash.verify(password, stored: other, allowsPlain: false), "\(other)")
      }
    }
  }

  /// sha512-crypt and yescrypt, as `/etc/shadow` and Python's `crypt` make them, through
  /// the same libxcrypt.
  @Test func sha512CryptAndYescrypt() {
    let hashes = [
      "$6$rounds=5000$abcdefgh12345678$lN8p3HxgOSmGJR.Kp2/V49Jg/2.tRM/P8wgK.QfsfDnpqHVkJnn7V32fbrpFPye7EzhvayR0N7xwM7PBgVSe/0",
      "$y$j9T$abcdefghijklmnopqrstu/$FGPXz4jT9O.Ux49b7rJU6ozPnWkvhlq.Tscqa8VZr.2",
    ]
    for hash in hashes {
      #expect(PasswordHash.verify("s3cret", stored: hash, allowsPlain: false), "\(hash)")
      #expect(!PasswordHash.verify("s3cret ", stored: hash, allowsPlain: false), "\(hash)")
    }
    #expect(PasswordHash.kind(of: hashes[0]) == "sha512-crypt")
    #expect(PasswordHash.kind(of: hashes[1]) == "yescrypt")
  }

  /// A bcrypt cost above 16 would hold the login for minutes: it never matches.
  @Test func aCostlyBcryptHashIsRefused() {
    #expect(
      !PasswordHash.verify(
        "U*U", stored: "$2a$17$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW", allowsPlain: false))
  }

  @Test func malformedBcryptTextNeverMatches() {
    for text in [
      "$2a$05$short", "$2a$99$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW",
      "$2c$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOeW",
      "$2a$05$CCCCCCCCCCCCCCCCCCCCC.E5YPO9kmyuRGyh0XouQYb4YMJKvyOe!", "$2a$05$", "$6$", "$y$", "*0", "$1$x$y",
    ] {
      #expect(!PasswordHash.verify("U*U", stored: text, allowsPlain: true), "\(text)")
    }
  }

  @Test func djangoPBKDF2() {
    let small = "pbkdf2_sha256$1000$seasalt$JgZryXe2Ga8ysg6XbzkLpTdyPQrHqsinbL9BnnhgX4A="
    #expect(PasswordHash.verify("lètmein", stored: small, allowsPlain: false))
    #expect(!PasswordHash.verify("letmein", stored: small, allowsPlain: false))
    let real = "pbkdf2_sha256$870000$Zq8xKwbbnxdT0yqj3cTx2f$bFWIqXiDul2NtRlRu3G9boDpf+70ohWfkJvsH9kVSHw="
    #expect(PasswordHash.verify("s3cret Ünïcode", stored: real, allowsPlain: false))
    #expect(!PasswordHash.verify("s3cret", stored: real, allowsPlain: false))
    for broken in ["pbkdf2_sha256$x$seasalt$JgZr", "pbkdf2_sha256$1000$seasalt$", "pbkdf2_sha256$1000$$JgZryXe2Ga8="] {
      #expect(!PasswordHash.verify("lètmein", stored: broken, allowsPlain: true), "\(broken)")
    }
  }

  @Test func hexDigestsAndPlainTextAsBefore() {
    #expect(PasswordHash.verify("12345", stored: "8CB2237D0679CA88DB6464EAC60DA96345513964", allowsPlain: false))
    #expect(PasswordHash.verify("12345", stored: "827ccb0eea8a706c4c34a16891f84e7b", allowsPlain: false))
    #expect(!PasswordHash.verify("12345", stored: "12345", allowsPlain: false))
    #expect(PasswordHash.verify("12345", stored: "12345", allowsPlain: true))
  }
}
