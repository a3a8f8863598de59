import Access
import Qualifiers

/// The rows marked in a list (issue 24's marks): rows marked one by one (`Space`), or every
/// row of a result (`*`) kept as its qualifier with the rows unmarked since, so marking a
/// million rows costs nothing; counted by the database, so a marked row deleted elsewhere
/// drops out of the count.
public struct RowMarks: Equatable, Sendable {
  /// `*`: every row of this result is marked (`.constant(true)`: every row), but `except`.
  var everyRowOf: Qualifier?
  /// The rows marked one by one, in the order marked (with `everyRowOf`: those unmarked).
  var keys: [[String: DatabaseValue]] = []
  /// How many rows are marked, as the database last counted them.
  var count: Int?
  /// The rows marked one by one, with their values when marked: a batch change names
  /// those someone else changed since.
  var seen: [[String: DatabaseValue]: [String: DatabaseValue]] = [:]

  var isEmpty: Bool { everyRowOf == nil && keys.isEmpty }

  func isMarked(_ key: [String: DatabaseValue]) -> Bool {
    everyRowOf != nil ? !keys.contains(key) : keys.contains(key)
  }

  /// `Space`: marks the row, or unmarks it.
  mutating func toggle(_ key: [String: DatabaseValue], values: [String: DatabaseValue] = [:]) {
    if let index = keys.firstIndex(of: key) {
      keys.remove(at: index)
      seen[key] = nil
    } else {
      keys.append(key)
      if everyRowOf == nil { seen[key] = values }
    }
  }

  /// `*`: every row of the result `qualifier` keeps.
  mutating func markAll(of qualifier: Qualifier?) {
    everyRowOf = qualifier ?? .constant(true)
    keys = []
    seen = [:]
  }

  mutating func clear() {
    self = RowMarks()
  }

  /// Whether every row of a result restricted by `qualifier` is within `everyRowOf`, so a
  /// row shown is marked unless it was unmarked: `qualifier` holds every condition
  /// `everyRowOf` does (a filter narrowed, or the same one). True without `*`.
  func covers(_ qualifier: Qualifier?) -> Bool {
    guard let everyRowOf, everyRowOf != .constant(true) else { return true }
    let shown = Set(Self.conjuncts(qualifier))
    return Self.conjuncts(everyRowOf).allSatisfy(shown.contains)
  }

  private static func conjuncts(_ qualifier: Qualifier?) -> [Qualifier] {
    switch qualifier {
    case nil: return []
    case .and(let parts): return parts.flatMap { conjuncts($0) }
    case let other?: return [other]
    }
  }

  /// The marked rows as a qualifier within the list's restriction (what a batch change
  /// names: a row marked one by one was shown, so it is the list's).
  func qualifier(within restriction: Qualifier?) -> Qualifier? {
    guard let qualifier else { return nil }
    return restriction.map { .and([$0, qualifier]) } ?? qualifier
  }

  /// The marked rows as a qualifier (what a batch change or an export would name).
  var qualifier: Qualifier? {
    let named: Qualifier = keys.isEmpty ? .constant(false) : .or(keys.map(Qualifier.matching))
    if let everyRowOf { return keys.isEmpty ? everyRowOf : .and([everyRowOf, .not(named)]) }
    return keys.isEmpty ? nil : named
  }
}
