import Qualifiers
import Rules
import Testing

/// Rules parsed from text that must be free of problems.
func rules(_ text: String, file: String = "user.rules", registry: RuleKeyRegistry = .standard) -> [Rule] {
  let result = RuleParser.parse(text, file: file, registry: registry)
  #expect(result.diagnostics.map(\.summary) == [])
  return result.rules
}

/// A context over user rules only (no built-in defaults) unless `defaults` is given.
func context(_ text: String, defaults: [Rule] = [], _ values: [String: RuleValue] = [:]) -> RuleContext {
  var context = RuleContext(model: RuleModel(rules: rules(text), defaults: defaults))
  for (key, value) in values { context.set(key, to: value) }
  return context
}

/// An entity, attribute or record for tests.
func object(_ values: [String: QualifierValue]) -> KeyValueDictionary {
  KeyValueDictionary(values.mapValues { KeyValue.value($0) })
}

/// SplitMix64: a small deterministic generator, so fuzz and scale tests see the same
/// sample every run.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
