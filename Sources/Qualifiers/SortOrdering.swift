/// One key of a sort: a key path and a direction, optionally ignoring case.
///
/// Parsed from text such as `lastName, firstName desc, title asc nocase`.
public struct SortOrdering: Hashable, Sendable, CustomStringConvertible {
  /// Smallest first or largest first.
  public enum Direction: Hashable, Sendable {
    case ascending
    case descending
  }

  public var key: PropertyPath
  public var direction: Direction
  /// Compare strings ignoring case (`nocase`).
  public var ignoresCase: Bool

  public init(_ key: PropertyPath, _ direction: Direction = .ascending, ignoresCase: Bool = false) {
    self.key = key
    self.direction = direction
    self.ignoresCase = ignoresCase
  }

  /// `lastName desc nocase`; the direction is written only when descending.
  public var description: String {
    var text = key.description
    if direction == .descending { text += " desc" }
    if ignoresCase { text += " nocase" }
    return text
  }

  /// Parses `key [asc|desc] [nocase]` items separated by commas.
  public static func parse(_ text: String) throws(QualifierSyntaxError) -> [SortOrdering] {
    let tokens = try QualifierLexer.tokenize(text)
    var orderings: [SortOrdering] = []
    var index = 0
    while true {
      guard case .identifier(let name) = tokens[index].kind else {
        throw QualifierSyntaxError(at: tokens[index], "expected a key path, found \(tokens[index].quoted)")
      }
      var ordering = SortOrdering(PropertyPath(name))
      index += 1
      if let direction = Self.direction(tokens[index]) {
        ordering.direction = direction
        index += 1
      }
      if tokens[index].isKeyword("nocase") {
        ordering.ignoresCase = true
        index += 1
      }
      orderings.append(ordering)
      if tokens[index].isEnd { return orderings }
      guard tokens[index].isSymbol(",") else {
        throw QualifierSyntaxError(
          at: tokens[index], "expected 'asc', 'desc', 'nocase' or ',' after '\(name)', found \(tokens[index].quoted)")
      }
      index += 1
    }
  }

  private static func direction(_ token: QualifierToken) -> Direction? {
    if token.isKeyword("asc") || token.isKeyword("ascending") { return .ascending }
    if token.isKeyword("desc") || token.isKeyword("descending") { return .descending }
    return nil
  }

  /// -1, 0 or 1 comparing the key's values in two objects; `null` sorts first.
  public func compare(_ left: some KeyValueReadable, _ right: some KeyValueReadable) -> Int {
    var l = Self.scalar(left.value(atPath: key))
    var r = Self.scalar(right.value(atPath: key))
    if ignoresCase, case .string(let ls) = l, case .string(let rs) = r {
      l = .string(ls.lowercased())
      r = .string(rs.lowercased())
    }
    let order: Int
    switch (l, r) {
    case (.null, .null): order = 0
    case (.null, _): order = -1
    case (_, .null): order = 1
    default: order = l.order(comparedTo: r) ?? 0
    }
    return direction == .ascending ? order : -order
  }

  private static func scalar(_ value: KeyValue?) -> QualifierValue {
    if case .value(let v) = value { return v }
    return .null
  }
}

extension Array where Element == SortOrdering {
  /// Whether `left` sorts before `right`: the first ordering that differs decides.
  public func areInIncreasingOrder(_ left: some KeyValueReadable, _ right: some KeyValueReadable) -> Bool {
    for ordering in self {
      let order = ordering.compare(left, right)
      if order != 0 { return order < 0 }
    }
    return false
  }
}
