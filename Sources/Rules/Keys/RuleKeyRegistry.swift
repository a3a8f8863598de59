/// The keys rule files may use, with their types and defaults.
///
/// Starts as `standard` (every key of `RuleKeys`); apps register their own keys so
/// rule files can assign them and loading checks their values.
public struct RuleKeyRegistry: Sendable {
  private var definitions: [String: RuleKeyDefinition] = [:]

  public init(_ definitions: [RuleKeyDefinition] = []) {
    for definition in definitions { register(definition) }
  }

  /// Adds or replaces a key.
  public mutating func register(_ definition: RuleKeyDefinition) {
    definitions[definition.name] = definition
  }

  public subscript(name: String) -> RuleKeyDefinition? {
    definitions[name]
  }

  /// Every key, sorted by name.
  public var all: [RuleKeyDefinition] {
    definitions.values.sorted { $0.name < $1.name }
  }

  /// The registered key closest to a misspelt name, if one is close enough.
  func suggestion(for name: String) -> String? {
    EditDistance.closest(to: name, in: definitions.keys)
  }

  /// The standard keys of d2t.
  public static let standard = RuleKeyRegistry(StandardKeys.definitions)
}

/// Levenshtein distance, for "did you mean" hints.
enum EditDistance {
  /// The candidate nearest to `name` (ignoring case), if at most a third of it differs
  /// (at least two edits allowed).
  static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
    let scored = candidates.map { ($0, between($0.lowercased(), name.lowercased())) }
    guard let best = scored.min(by: { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 < $1.0) }) else { return nil }
    return best.1 <= max(2, name.count / 3) ? best.0 : nil
  }

  static func between(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    var previous = Array(0...b.count)
    for i in 1...max(a.count, 1) where !a.isEmpty {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...max(b.count, 1) where !b.isEmpty {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
      }
      previous = current
    }
    return a.isEmpty ? b.count : previous[b.count]
  }
}
