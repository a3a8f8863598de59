/// SplitMix64: a small, fast, seeded generator whose output is fixed by its algorithm, so
/// the same seed gives the same database on every machine and Swift version.
///
/// Each table draws from its own stream (`SakilaRandom(seed:stream:)`), so generating one
/// table never shifts the values of another.
struct SakilaRandom {
  private var state: UInt64

  init(seed: UInt64, stream: UInt64) {
    state = seed &* 0x9E37_79B9_7F4A_7C15 ^ (stream &+ 1) &* 0xBF58_476D_1CE4_E5B9
    _ = next()
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in `range`, by multiply-high (bias below 2⁻⁴⁰ for these ranges).
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    let width = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int(next().multipliedFullWidth(by: width).high)
  }

  /// A number in `0..<count`.
  mutating func index(_ count: Int) -> Int { int(0...(count - 1)) }

  /// True with probability `percent` / 100.
  mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

  mutating func pick<T>(_ items: [T]) -> T { items[index(items.count)] }
}
