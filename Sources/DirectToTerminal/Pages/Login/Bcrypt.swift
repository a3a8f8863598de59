/// bcrypt as OpenBSD defines it and PostgreSQL's pgcrypto makes it with
/// `crypt(password, gen_salt('bf'))`: `$2a$06$` + 22 characters of salt + 31 of hash.
/// `$2a$`, `$2b$` and `$2y$` are read alike (the password's first 72 bytes and a NUL).
enum Bcrypt {
  /// Whether `password` hashes to `stored`; false for text that is not a bcrypt hash.
  /// The hashes are compared in constant time.
  static func verify(_ password: String, stored: String) -> Bool {
    guard let parsed = Parsed(stored) else { return false }
    let computed = hash(password: Array(password.utf8), cost: parsed.cost, salt: parsed.salt)
    return constantTimeEqual(computed, parsed.hash)
  }

  /// Whether `text` looks like a bcrypt hash (`$2a$`, `$2b$`, `$2y$`).
  static func isHash(_ text: String) -> Bool { Parsed(text) != nil }

  /// The 23 hash bytes of `password` with a 16-byte `salt` at cost 4…31.
  static func hash(password: [UInt8], cost: Int, salt: [UInt8]) -> [UInt8] {
    var key = Array(password.prefix(72))
    key.append(0)
    var state = Blowfish()
    state.expand(key: key, data: salt)
    for _ in 0..<(1 << cost) {
      state.expand(key: key, data: nil)
      state.expand(key: salt, data: nil)
    }
    var words: [UInt32] = [0x4f72_7068, 0x6561_6e42, 0x6568_6f6c, 0x6465_7253, 0x6372_7944, 0x6f75_6274]
    for _ in 0..<64 {
      for block in stride(from: 0, to: 6, by: 2) {
        (words[block], words[block + 1]) = state.encrypt(words[block], words[block + 1])
      }
    }
    var bytes: [UInt8] = []
    for word in words {
      bytes += [
        UInt8(word >> 24), UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
        UInt8(truncatingIfNeeded: word),
      ]
    }
    return Array(bytes.prefix(23))
  }

  /// A stored hash taken apart.
  struct Parsed {
    var cost: Int
    var salt: [UInt8]
    var hash: [UInt8]

    init?(_ text: String) {
      let characters = Array(text.utf8)
      guard characters.count == 60, characters[0] == UInt8(ascii: "$"), characters[1] == UInt8(ascii: "2"),
        [UInt8(ascii: "a"), UInt8(ascii: "b"), UInt8(ascii: "y")].contains(characters[2]),
        characters[3] == UInt8(ascii: "$"), characters[6] == UInt8(ascii: "$"),
        let tens = Bcrypt.digit(characters[4]), let ones = Bcrypt.digit(characters[5])
      else { return nil }
      cost = tens * 10 + ones
      guard (4...31).contains(cost), let salt = Bcrypt.decode(characters[7..<29], count: 16),
        let hash = Bcrypt.decode(characters[29..<60], count: 23)
      else { return nil }
      self.salt = salt
      self.hash = hash
    }
  }

  private static func digit(_ c: UInt8) -> Int? {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) ? Int(c - UInt8(ascii: "0")) : nil
  }

  /// bcrypt's base-64 alphabet (`./A–Za–z0–9`, no padding).
  private static let alphabet = Array("./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

  private static let alphabetIndex: [UInt8: UInt32] = Dictionary(
    uniqueKeysWithValues: alphabet.enumerated().map { ($1, UInt32($0)) })

  /// `count` bytes from bcrypt base-64 text; nil for a character outside the alphabet.
  static func decode(_ text: ArraySlice<UInt8>, count: Int) -> [UInt8]? {
    var bytes: [UInt8] = []
    var bits: UInt32 = 0
    var bitCount = 0
    for c in text {
      guard let value = alphabetIndex[c] else { return nil }
      bits = (bits << 6) | value
      bitCount += 6
      if bitCount >= 8 {
        bitCount -= 8
        bytes.append(UInt8(truncatingIfNeeded: bits >> UInt32(bitCount)))
      }
    }
    return bytes.count >= count ? Array(bytes.prefix(count)) : nil
  }

  /// bcrypt base-64 text of `bytes` (16 bytes → 22 characters, 23 → 31).
  static func encode(_ bytes: [UInt8]) -> String {
    var text: [UInt8] = []
    var bits: UInt32 = 0
    var bitCount = 0
    for byte in bytes {
      bits = (bits << 8) | UInt32(byte)
      bitCount += 8
      while bitCount >= 6 {
        bitCount -= 6
        text.append(alphabet[Int((bits >> UInt32(bitCount)) & 63)])
      }
    }
    if bitCount > 0 { text.append(alphabet[Int((bits << UInt32(6 - bitCount)) & 63)]) }
    return String(decoding: text, as: UTF8.self)
  }
}

/// Equal length and equal bytes, looking at every byte whatever differs first.
func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
  guard a.count == b.count else { return false }
  var difference: UInt8 = 0
  for index in a.indices { difference |= a[index] ^ b[index] }
  return difference == 0
}

/// Blowfish's key schedule as eksblowfish expands it, and its block encryption.
struct Blowfish {
  var p = BlowfishTables.p
  var s = BlowfishTables.s

  @inline(__always) private func f(_ x: UInt32) -> UInt32 {
    let a = s[Int(x >> 24)], b = s[256 + Int((x >> 16) & 0xff)]
    let c = s[512 + Int((x >> 8) & 0xff)], d = s[768 + Int(x & 0xff)]
    return ((a &+ b) ^ c) &+ d
  }

  func encrypt(_ left: UInt32, _ right: UInt32) -> (UInt32, UInt32) {
    var l = left ^ p[0]
    var r = right
    for round in stride(from: 1, through: 16, by: 2) {
      r ^= f(l) ^ p[round]
      l ^= f(r) ^ p[round + 1]
    }
    return (r ^ p[17], l)
  }

  /// Mixes `key` into P, then re-encrypts P and the S-boxes, XOR-ing in `data` (a salt)
  /// as it goes when given: OpenBSD's `Blowfish_expandstate`, or `expand0state` without data.
  mutating func expand(key: [UInt8], data: [UInt8]?) {
    var keyIndex = 0
    for i in 0..<18 { p[i] ^= Self.word(key, &keyIndex) }
    var dataIndex = 0
    var l: UInt32 = 0
    var r: UInt32 = 0
    for i in stride(from: 0, to: 18, by: 2) {
      if let data {
        l ^= Self.word(data, &dataIndex)
        r ^= Self.word(data, &dataIndex)
      }
      (l, r) = encrypt(l, r)
      p[i] = l
      p[i + 1] = r
    }
    for i in stride(from: 0, to: 1024, by: 2) {
      if let data {
        l ^= Self.word(data, &dataIndex)
        r ^= Self.word(data, &dataIndex)
      }
      (l, r) = encrypt(l, r)
      s[i] = l
      s[i + 1] = r
    }
  }

  /// The next four bytes of `bytes` as a big-endian word, wrapping around at the end.
  private static func word(_ bytes: [UInt8], _ index: inout Int) -> UInt32 {
    var word: UInt32 = 0
    for _ in 0..<4 {
      word = (word << 8) | UInt32(bytes[index])
      index = (index + 1) % bytes.count
    }
    return word
  }
}
