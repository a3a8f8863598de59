/// Variables in a qualifier that have no value: `$storeId` in `store.id = $storeId`.
public struct UnboundVariables: Error, Hashable, Sendable, CustomStringConvertible {
  /// The names without `$`, sorted.
  public var names: [String]

  public init(names: [String]) {
    self.names = names
  }

  public var description: String {
    let list = names.map { "$" + $0 }.joined(separator: ", ")
    return names.count == 1 ? "no value for \(list)" : "no values for \(list)"
  }
}

extension Qualifier {
  /// The names of the variables the qualifier holds (`$storeId` gives `storeId`).
  public var bindingNames: Set<String> {
    switch self {
    case .constant, .keyComparison, .among: return []
    case .comparison(_, _, let value): return value.bindingNames
    case .and(let parts), .or(let parts): return parts.reduce(into: []) { $0.formUnion($1.bindingNames) }
    case .not(let inner): return inner.bindingNames
    }
  }

  /// The qualifier with each `$name` replaced by `values(name)`, as the reference's
  /// `qualifierWith(bindings:requiresAll:)`.
  ///
  /// A variable without a value is an error when `requiresAll` is true; otherwise the
  /// comparison that holds it is left out (an `and` or `or` left empty drops out too), so
  /// `name like $pattern` asks nothing until a pattern is given.
  public func binding(
    _ values: (String) -> QualifierValue?, requiresAll: Bool = true
  ) throws(UnboundVariables) -> Qualifier {
    var missing = Set<String>()
    let result = bound(values, missing: &missing)
    if requiresAll, !missing.isEmpty { throw UnboundVariables(names: missing.sorted()) }
    return result ?? .constant(true)
  }

  private func bound(_ values: (String) -> QualifierValue?, missing: inout Set<String>) -> Qualifier? {
    switch self {
    case .constant, .keyComparison, .among:
      return self
    case .comparison(let key, let op, let value):
      guard let value = value.bound(values, missing: &missing) else { return nil }
      return .comparison(key, op, value)
    case .and(let parts):
      let kept = parts.compactMap { $0.bound(values, missing: &missing) }
      return kept.isEmpty ? nil : kept.count == 1 ? kept[0] : .and(kept)
    case .or(let parts):
      let kept = parts.compactMap { $0.bound(values, missing: &missing) }
      return kept.isEmpty ? nil : kept.count == 1 ? kept[0] : .or(kept)
    case .not(let inner):
      return inner.bound(values, missing: &missing).map(Qualifier.not)
    }
  }
}

extension QualifierValue {
  /// Whether the value is or holds a variable; cheaper than `bindingNames` for evaluation.
  var holdsBinding: Bool {
    switch self {
    case .binding: return true
    case .list(let items): return items.contains { $0.holdsBinding }
    default: return false
    }
  }

  var bindingNames: Set<String> {
    switch self {
    case .binding(let name): return [name]
    case .list(let items): return items.reduce(into: []) { $0.formUnion($1.bindingNames) }
    default: return []
    }
  }

  fileprivate func bound(_ values: (String) -> QualifierValue?, missing: inout Set<String>) -> QualifierValue? {
    switch self {
    case .binding(let name):
      guard let value = values(name) else {
        missing.insert(name)
        return nil
      }
      return value
    case .list(let items):
      var result: [QualifierValue] = []
      for item in items {
        guard let value = item.bound(values, missing: &missing) else { return nil }
        result.append(value)
      }
      return .list(result)
    default:
      return self
    }
  }
}
