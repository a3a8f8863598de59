import Qualifiers

/// A value a key path must have: one of `values`.
struct PathRequirement {
  var path: PropertyPath
  var values: [QualifierValue]
}

extension Qualifier {
  /// The values key paths must have for the qualifier to match: its top-level ANDed
  /// `path = value` (value not null) and `path in (…)` comparisons. Used to find rules
  /// that cannot both match.
  var requiredValues: [PathRequirement] {
    let parts: [Qualifier]
    if case .and(let all) = self { parts = all } else { parts = [self] }
    return parts.compactMap(\.singleRequirement)
  }

  /// The values each key path must not have, from the top-level conjuncts
  /// `path != value` and `not (path = value)` / `not (path in (…))`.
  var forbiddenValues: [PathRequirement] {
    let parts: [Qualifier]
    if case .and(let all) = self { parts = all } else { parts = [self] }
    return parts.compactMap { part in
      switch part {
      case .comparison(let path, .notEqual, let value) where value != .null:
        return PathRequirement(path: path, values: [value])
      case .not(let inner):
        return inner.singleRequirement
      default:
        return nil
      }
    }
  }

  private var singleRequirement: PathRequirement? {
    switch self {
    case .comparison(let path, .equal, let value) where value != .null:
      return PathRequirement(path: path, values: [value])
    case .comparison(let path, .in, .list(let values)):
      return PathRequirement(path: path, values: values)
    default:
      return nil
    }
  }

  /// Alternatives of requirements, one of which must hold for the qualifier to match
  /// (`task = 'list' or task = 'select'` gives two); nil when nothing is required. A
  /// necessary condition that lets resolution skip most rules without evaluating them.
  var requirementAlternatives: [[PathRequirement]]? {
    let limit = 8
    switch self {
    case .comparison, .keyComparison, .constant, .not, .among:
      return singleRequirement.map { [[$0]] }
    case .or(let parts):
      var alternatives: [[PathRequirement]] = []
      for part in parts {
        guard let more = part.requirementAlternatives else { return nil }
        alternatives += more
      }
      return alternatives.count <= limit ? alternatives : nil
    case .and(let parts):
      var alternatives: [[PathRequirement]] = [[]]
      for part in parts {
        guard let more = part.requirementAlternatives else { continue }
        alternatives = alternatives.flatMap { existing in more.map { existing + $0 } }
        if alternatives.count > limit { return nil }
      }
      return alternatives == [[]] ? nil : alternatives
    }
  }
}

extension PathRequirement: Equatable {}
