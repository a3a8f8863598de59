import Qualifiers

/// Finds rules for one key with the same priority and complexity, different values,
/// and predicates that can both match: only load order decides between them.
enum RuleConflicts {
  /// Near-linear: rules are grouped by key, priority and complexity, and each group is
  /// split by the values its predicates require (`ConflictIndex`), so only rules that can
  /// both match are compared.
  static func warnings(_ rules: [Rule], sources: [String: SourceLines]) -> [RuleDiagnostic] {
    var warnings: [RuleDiagnostic] = []
    let required = rules.map { $0.predicate.map(equalities) ?? [:] }
    let byKey = Dictionary(grouping: rules.indices, by: { rules[$0].key })
    for key in byKey.keys.sorted() {
      guard let indices = byKey[key] else { continue }
      let groups = Dictionary(grouping: indices) { GroupKey(priority: rules[$0].priority, complexity: rules[$0].complexity) }
      var pairs: [ConflictIndex.Pair] = []
      for group in groups.values where group.count > 1 {
        var index = ConflictIndex(required: required) { i, j in
          rules[i].value != rules[j].value && canBothMatch(required[i], required[j])
        }
        index.findSelf(group, excluded: [])
        pairs += index.found
      }
      for pair in pairs.sorted(by: { ($0.first, $0.second) < ($1.first, $1.second) }) {
        let (a, b) = (rules[pair.first], rules[pair.second])
        guard let source = b.source, let lines = sources[source.file] else { continue }
        warnings.append(
          lines.diagnostic(
            .warning, line: source.line, column: source.column,
            "this rule and the one at \(a.location) can both match with the same priority and complexity but different values for '\(key)'; the later one wins"
          ))
      }
    }
    return warnings
  }

  private struct GroupKey: Hashable {
    let priority: RulePriority
    let complexity: Int
  }

  /// False only when both predicates require different values of one key path.
  static func canBothMatch(_ a: Qualifier?, _ b: Qualifier?) -> Bool {
    canBothMatch(a.map(equalities) ?? [:], b.map(equalities) ?? [:])
  }

  static func canBothMatch(_ left: [String: [QualifierValue]], _ right: [String: [QualifierValue]]) -> Bool {
    for (path, values) in left {
      guard let others = right[path] else { continue }
      if !values.contains(where: { value in others.contains { $0.isEqual(to: value) } }) { return false }
    }
    return true
  }

  static func equalities(_ qualifier: Qualifier) -> [String: [QualifierValue]] {
    var result: [String: [QualifierValue]] = [:]
    for requirement in qualifier.requiredValues { result[requirement.path.description] = requirement.values }
    return result
  }

  /// Where a literal appears in a rule's lines, quoted or as a bare word, else the
  /// rule's start.
  static func locate(_ literal: String, in rule: Rule, _ source: SourceLines) -> (Int, Int) {
    guard let place = rule.source else { return (1, 1) }
    for form in ["'\(literal)'", "\"\(literal)\"", literal] {
      for line in place.line...max(place.line, place.endLine) {
        if let column = column(of: Array(form), in: Array(source.text(ofLine: line)), wholeWord: form == literal) {
          return (line, column)
        }
      }
    }
    return (place.line, place.column)
  }

  private static func column(of needle: [Character], in text: [Character], wholeWord: Bool) -> Int? {
    guard !needle.isEmpty, needle.count <= text.count else { return nil }
    func isWord(_ i: Int) -> Bool { i >= 0 && i < text.count && (text[i].isLetter || text[i].isNumber || text[i] == "_") }
    for start in 0...(text.count - needle.count) where Array(text[start..<start + needle.count]) == needle {
      if wholeWord && (isWord(start - 1) || isWord(start + needle.count)) { continue }
      return start + 1
    }
    return nil
  }
}
