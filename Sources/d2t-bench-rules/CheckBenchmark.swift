import Glibc
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

/// The shapes of rule files the benchmark checks.
enum CheckWorkload: CaseIterable {
  /// Per entity, per property, per task, `in`/`or` predicates (`checkedRules`).
  case mixed
  /// Groups of 400 that all conflict (`conflictingRules`).
  case conflicting
  /// One key, one predicate, different values: every rule but the last can never win
  /// (took 116 s for 20,000).
  case samePredicate
  /// One predicate at many priorities: every rule but the strongest can never win.
  case manyPriorities
  /// Chains of ever more specific predicates (`entity.name = 'E'`, then `and task =
  /// 'list'`, then `and propertyKey = 'name'`…), six deep per entity, at mixed priorities:
  /// some shadowed, the rest conflicting.
  case nestedChains
  /// One predicate plus a pattern of its own per rule, two values: nothing is shadowed,
  /// every two rules can both match, so all conflict.
  case samePredicateWithPatterns

  var label: String {
    switch self {
    case .mixed: return ""
    case .conflicting: return " conflicting in groups of 400"
    case .samePredicate: return " with one predicate (shadowed)"
    case .manyPriorities: return " with one predicate at many priorities"
    case .nestedChains: return " in chains of ever more specific predicates"
    case .samePredicateWithPatterns: return " with one predicate and a pattern each"
    }
  }

  func rules(_ count: Int) -> String {
    switch self {
    case .mixed: return checkedRules(count)
    case .conflicting: return conflictingRules(count)
    case .samePredicate:
      return (0..<count).map { "task = 'list' and entity.name = 'Actor' => displayNameForEntity <= 'N\($0)'" }
        .joined(separator: "\n")
    case .manyPriorities:
      return (0..<count).map {
        "task = 'list' and entity.name = 'Actor' => displayNameForEntity <= 'N\($0)'; \(($0 * 7_919) % 1_000)"
      }
      .joined(separator: "\n")
    case .nestedChains:
      return (0..<count).map { i in
        let chain = [
          "entity.name = 'Entity\(i / 60)'", "task = 'list'", "propertyKey = 'name'", "attribute.valueType = 'text'",
          "debug = false", "object.active = true",
        ]
        let predicate = chain.prefix(1 + i % 6).joined(separator: " and ")
        return "\(predicate) => displayNameForProperty <= 'N\(i)'; \(100 + (i * 7_919) % 5 * 10)"
      }.joined(separator: "\n")
    case .samePredicateWithPatterns:
      return (0..<count).map {
        "task = 'list' and entity.name = 'Actor' and propertyKey like 'p\($0)*' => displayNameForEntity <= 'N\($0 % 2)'"
      }
      .joined(separator: "\n")
    }
  }
}

/// Times `d2t rules check`'s work (parse, name checks, shadowed rules, conflicts, cycles)
/// on `count` rules: the fastest of five runs, in wall-clock time and in this thread's CPU
/// time (which other processes on a busy machine do not inflate).
func benchmarkCheck(count: Int, _ workload: CheckWorkload = .mixed) {
  let file = RuleFile(name: "bench.rules", text: workload.rules(count))
  var diagnostics: [RuleDiagnostic] = []
  var parse = Timing.slowest
  var elapsed = Timing.slowest
  for _ in 0..<5 {
    parse = min(parse, Timing.measure { _ = RuleParser.parse(file.text, file: file.name) })
    elapsed = min(elapsed, Timing.measure { diagnostics = RuleChecker().check([file]) })
  }
  let errors = diagnostics.filter { $0.severity == .error }
  precondition(errors.isEmpty, "benchmark rules must check: \(errors.prefix(3))")
  print(
    "rules check of \(count) rules\(workload.label): \(elapsed) (parse alone \(parse); \(diagnostics.count) warnings; fastest of 5) (target ≤ 1 s for 20,000)"
  )
}

/// Wall-clock and CPU milliseconds of one run, ordered by wall-clock time.
struct Timing: Comparable, CustomStringConvertible {
  var wall: Double
  var cpu: Double

  static let slowest = Timing(wall: .infinity, cpu: .infinity)

  static func measure(_ work: () -> Void) -> Timing {
    let clock = ContinuousClock()
    let cpuStart = threadCPUMilliseconds()
    let wall = clock.measure(work)
    let cpu = threadCPUMilliseconds() - cpuStart
    return Timing(wall: Double(wall.components.seconds) * 1000 + Double(wall.components.attoseconds) / 1e15, cpu: cpu)
  }

  static func threadCPUMilliseconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) * 1000 + Double(time.tv_nsec) / 1e6
  }

  static func < (a: Timing, b: Timing) -> Bool { a.wall < b.wall }

  var description: String { "\(Int(wall.rounded())) ms (CPU \(Int(cpu.rounded())) ms)" }
}
