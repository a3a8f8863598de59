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

/// Times `d2t rules check`'s work (parse, name checks, shadowed rules, conflicts, cycles)
/// on `count` rules: the fastest of five runs, in wall-clock time and in this thread's CPU
/// time (which other processes on a busy machine do not inflate).
func benchmarkCheck(count: Int, conflicting: Bool = false) {
  let file = RuleFile(name: "bench.rules", text: conflicting ? conflictingRules(count) : checkedRules(count))
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
    "rules check of \(count) rules\(conflicting ? " conflicting in groups of 400" : ""): \(elapsed) (parse alone \(parse); \(diagnostics.count) warnings; fastest of 5) (target ≤ 1 s for 20,000)"
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
