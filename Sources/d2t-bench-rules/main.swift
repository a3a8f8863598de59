// Measures rule resolutions per second: the built-in defaults plus 500 user rules,
// with the memo (cached) and without it (uncached). Run with
// `swift run -c release d2t-bench-rules`.
import Qualifiers
import Rules

/// 500 user rules over ten keys, ten entities and fifty properties, at mixed
/// priorities and complexities.
func userRules() -> String {
  let keys = [
    "displayNameForProperty <= 'Label %'", "component <= DisplayString", "formatter <= IntegerFormatter",
    "title <= 'Title %'", "displayStringForNil <= 'n/a'", "hideEmptyProperty <= false",
    "isObjectEditable <= false", "pageSize <= %", "rowComponent <= SummaryRow", "theme <= 'dark'",
  ]
  var lines: [String] = []
  for i in 0..<500 {
    let assignment = keys[i % keys.count].replacingPercent(with: i)
    let predicate: String
    switch i % 4 {
    case 0: predicate = "entity.name = 'Entity\(i % 10)'"
    case 1: predicate = "entity.name = 'Entity\(i % 10)' and propertyKey = 'property\(i % 50)'"
    case 2: predicate = "task = 'list' and propertyKey = 'property\(i % 50)' and attribute.valueType = 'integer'"
    default: predicate = "propertyKey in ('property\(i % 50)', 'other') or debug = true"
    }
    lines.append("\(predicate) => \(assignment); \(i % 3 == 0 ? "high" : "normal")")
  }
  return lines.joined(separator: "\n")
}

extension String {
  func replacingPercent(with value: Int) -> String {
    split(separator: "%", omittingEmptySubsequences: false).joined(separator: String(value))
  }
}

let resolvedKeys = [
  "component", "displayNameForProperty", "formatter", "title", "rowComponent", "page", "isObjectEditable",
  "displayStringForNil", "navigationBarTitle", "nextTask", "pageSize", "debugComponent",
]

func makeContext() -> RuleContext {
  let parsed = RuleParser.parse(userRules(), file: "bench.rules")
  precondition(parsed.diagnostics.isEmpty, "benchmark rules must parse: \(parsed.diagnostics)")
  var context = RuleContext(model: RuleModel(rules: parsed.rules))
  context.set("task", to: .string("list"))
  context.set("propertyKey", to: .string("property7"))
  context.setObject(KeyValueDictionary(["name": .value("Entity7")]), forKey: "entity")
  context.setObject(
    KeyValueDictionary(["valueType": .value("integer"), "name": .value("property7")]), forKey: "attribute")
  return context
}

/// Resolutions per second over `rounds` passes through every key; `fresh` clears the
/// memo before every resolution.
func measure(_ context: inout RuleContext, rounds: Int, fresh: Bool = false) -> Double {
  var checksum = 0
  let clock = ContinuousClock()
  let elapsed = clock.measure {
    for _ in 0..<rounds {
      for key in resolvedKeys {
        if fresh { context.invalidateCache() }
        if case .rule = context.resolution(forKey: key).source { checksum += 1 }
      }
    }
  }
  precondition(checksum > 0, "rules must fire")
  let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  return Double(rounds * resolvedKeys.count) / seconds
}

func report(_ label: String, _ rate: Double, target: String) {
  var text = String(Int(rate))
  var index = text.count - 3
  while index > 0 {
    text.insert(",", at: text.index(text.startIndex, offsetBy: index))
    index -= 3
  }
  print("\(label) \(text) resolutions/s \(target)")
}

var context = makeContext()
_ = measure(&context, rounds: 10)
let cached = measure(&context, rounds: 200_000)
let uncached = measure(&context, rounds: 20_000, fresh: true)
context.isMemoizing = false
let unmemoized = measure(&context, rounds: 20_000)
print("rules: \(context.model.defaults.count) built-in defaults + \(context.model.rules.count) user rules")
report("cached (memo hit):               ", cached, target: "(target ≥ 1,000,000)")
report("uncached (memo cleared each time):", uncached, target: "(target ≥ 200,000)")
report("memo off (nested keys recomputed):", unmemoized, target: "")
for workload in CheckWorkload.allCases { benchmarkCheck(count: 20_000, workload) }
