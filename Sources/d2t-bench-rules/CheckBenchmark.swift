import Rules

/// `rules` rules in the shapes real rule files have: per entity, per property of an
/// entity, per task and property, and `in`/`or` predicates, over `count / 10` entities.
func checkedRules(_ count: Int) -> String {
  let keys = [
    "displayNameForProperty <= 'Label %'", "component <= DisplayString", "formatter <= IntegerFormatter",
    "displayStringForNil <= 'n/a %'", "hideEmptyProperty <= false", "isObjectEditable <= false",
    "pageSize <= %", "title <= 'Title %'",
  ]
  var lines: [String] = []
  for i in 0..<count {
    let assignment = keys[i % keys.count].replacingPercent(with: i)
    let entity = "Entity\(i / 10)"
    let property = "property\(i)"
    let predicate: String
    switch i % 5 {
    case 0: predicate = "entity.name = '\(entity)'"
    case 1: predicate = "entity.name = '\(entity)' and propertyKey = '\(property)'"
    case 2: predicate = "task = 'list' and propertyKey = '\(property)' and entity.name = '\(entity)'"
    case 3: predicate = "propertyKey in ('\(property)', 'other\(i / 10)') and task = 'inspect'"
    default: predicate = "entity.name = '\(entity)' and (task = 'edit' or task = 'create')"
    }
    lines.append("\(predicate) => \(assignment)\(i % 3 == 0 ? "; high" : "")")
  }
  return lines.joined(separator: "\n")
}

/// `count` rules in groups of 400 that all conflict: one entity per group, each rule
/// comparing another column, so every two rules of a group can both match with the same
/// priority and complexity (20,000 of them printed 4 million pairs in about 60 s).
func conflictingRules(_ count: Int) -> String {
  (0..<count).map { i in
    "entity.name = 'Entity\(i / 400)' and object.column\(i) = 1 => \(i % 2 == 0 ? "title" : "displayNameForEntity") <= 'v\(i)'"
  }.joined(separator: "\n")
}

/// Times `d2t rules check`'s work (parse, name checks, shadowed rules, conflicts, cycles)
/// on `count` rules.
func benchmarkCheck(count: Int, conflicting: Bool = false) {
  let file = RuleFile(name: "bench.rules", text: conflicting ? conflictingRules(count) : checkedRules(count))
  let clock = ContinuousClock()
  var diagnostics: [RuleDiagnostic] = []
  let parse = clock.measure { _ = RuleParser.parse(file.text, file: file.name) }
  let elapsed = clock.measure { diagnostics = RuleChecker().check([file]) }
  let errors = diagnostics.filter { $0.severity == .error }
  precondition(errors.isEmpty, "benchmark rules must check: \(errors.prefix(3))")
  func ms(_ d: Duration) -> String {
    String(Int(Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15 + 0.5)) + " ms"
  }
  print(
    "rules check of \(count) rules\(conflicting ? " conflicting in groups of 400" : ""): \(ms(elapsed)) (parse alone \(ms(parse)); \(diagnostics.count) warnings) (target ≤ 1 s for 20,000)"
  )
}
