import Qualifiers

/// Finds keys whose rules can depend on each other in a circle — `title <= navigationBarTitle`
/// with the default `navigationBarTitle <= title` — which the debug overlay and `d2t rules
/// explain` show as `⚠ cycle` when it happens. A rule for key K depends on the keys its
/// value's key path and its predicate's key paths start with, when rules give those keys
/// values. Linear in the rules: one pass builds the key graph, a depth-first search finds
/// one cycle per strongly connected group of keys.
enum RuleCycles {
  /// One warning per cycle that goes through a rule of the checked files (`checked`);
  /// `defaults` take part but a cycle among them alone is not reported.
  static func warnings(_ checked: [Rule], defaults: [Rule], sources: [String: SourceLines]) -> [RuleDiagnostic] {
    let all = checked + defaults
    let keys = Set(all.map(\.key))
    var edges: [String: [(to: String, rule: Int)]] = [:]
    for (index, rule) in all.enumerated() {
      var dependencies: [String] = []
      if case .keyPath(let path) = rule.value { dependencies.append(path.first) }
      if let predicate = rule.predicate { dependencies += predicate.keyPaths.map(\.first) }
      var seen: Set<String> = []
      for dependency in dependencies where keys.contains(dependency) && seen.insert(dependency).inserted {
        edges[rule.key, default: []].append((dependency, index))
      }
    }
    var warnings: [RuleDiagnostic] = []
    var reported: Set<Set<String>> = []
    for cycle in cycles(edges, keys: keys.sorted()) {
      let ruleIndices = cycle.map(\.rule)
      guard let first = ruleIndices.first(where: { $0 < checked.count }),
        reported.insert(Set(cycle.map(\.from))).inserted,
        let source = all[first].source, let lines = sources[source.file]
      else { continue }
      let path = (cycle.map(\.from) + [cycle[0].from]).joined(separator: " → ")
      let places = ruleIndices.map { all[$0].location }.joined(separator: ", ")
      warnings.append(
        lines.diagnostic(
          .warning, line: source.line, column: source.column,
          "these rules can form a cycle: \(path) (\(places)); when they fire together the keys get their defaults"
        ))
    }
    return warnings
  }

  /// One step of a cycle: the key, and the rule that makes it depend on the next key.
  struct Step {
    let from: String
    let rule: Int
  }

  /// Cycles found by an iterative depth-first search: each back edge closes one.
  static func cycles(_ edges: [String: [(to: String, rule: Int)]], keys: [String]) -> [[Step]] {
    enum Mark { case active, done }
    var marks: [String: Mark] = [:]
    var found: [[Step]] = []
    for start in keys where marks[start] == nil {
      var stack: [(key: String, next: Int)] = [(start, 0)]
      var path: [Step] = []
      marks[start] = .active
      while let top = stack.last {
        let outgoing = edges[top.key] ?? []
        guard top.next < outgoing.count else {
          marks[top.key] = .done
          stack.removeLast()
          if !path.isEmpty { path.removeLast() }
          continue
        }
        stack[stack.count - 1].next += 1
        let edge = outgoing[top.next]
        switch marks[edge.to] {
        case .active?:
          let steps = path + [Step(from: top.key, rule: edge.rule)]
          if let begin = steps.firstIndex(where: { $0.from == edge.to }) { found.append(Array(steps[begin...])) }
        case .done?:
          continue
        case nil:
          marks[edge.to] = .active
          path.append(Step(from: top.key, rule: edge.rule))
          stack.append((edge.to, 0))
        }
      }
    }
    return found
  }
}
