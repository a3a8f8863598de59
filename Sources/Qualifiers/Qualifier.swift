/// A condition over key paths: the one qualifier type of d2t.
///
/// The rule engine evaluates qualifiers in memory (`entity.name == "Film"`), the data
/// access layer translates them to SQL (`lastName like 'S*'`). Both start from this
/// value, usually parsed by `QualifierParser`.
///
///     let q: Qualifier = .and([
///       .comparison("lastName", .like, .string("S*")),
///       .comparison("active", .equal, .bool(true)),
///     ])
public indirect enum Qualifier: Hashable, Sendable {
  /// `*true*` or `*false*`: always or never matches.
  case constant(Bool)
  /// A key path compared with a literal: `address.city.city = 'Lima'`, `id in (1, 2)`,
  /// `email is null` (`.equal` with `.null`), `email is not null` (`.notEqual` with `.null`).
  case comparison(PropertyPath, ComparisonOperator, QualifierValue)
  /// A key path compared with another key path: `createDate < lastUpdate`.
  case keyComparison(PropertyPath, ComparisonOperator, PropertyPath)
  /// All of the qualifiers match (an empty list matches).
  case and([Qualifier])
  /// Any of the qualifiers matches (an empty list does not match).
  case or([Qualifier])
  /// The qualifier does not match.
  case not(Qualifier)
  /// The row's key is among those a query returns (`QuerySource`: a console result marked
  /// whole); never true in memory.
  case among(QuerySource)
}

/// The operator of a comparison qualifier.
public enum ComparisonOperator: String, Hashable, Sendable, CaseIterable {
  case equal = "="
  case notEqual = "!="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="
  /// Shell-style pattern match, case-sensitive: `*` any text, `?` one character.
  case like = "like"
  /// Shell-style pattern match ignoring case.
  case caseInsensitiveLike = "ilike"
  /// Membership in a `.list` value.
  case `in` = "in"
}

/// A literal value inside a qualifier.
///
/// Decimals keep their exact text (`4.99`), never a binary floating-point value.
public indirect enum QualifierValue: Hashable, Sendable {
  case null
  case bool(Bool)
  case integer(Int64)
  /// An exact decimal literal in its source text, e.g. `"4.99"` or `"-0.5"`.
  case decimal(String)
  case string(String)
  case list([QualifierValue])
  /// A variable, `$user.id` in text (the name without `$`), that
  /// `Qualifier.binding(_:requiresAll:)` replaces with a value before the qualifier is used.
  case binding(String)
}
