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
