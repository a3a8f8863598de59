extension Qualifier: CustomStringConvertible {
  /// Parseable text: `lastName like 'S*' AND (active = true OR id in (1, 2))`.
  public var description: String {
    switch self {
    case .constant(let value): return value ? "*true*" : "*false*"
    case .comparison(let key, .equal, .null): return "\(key) is null"
    case .comparison(let key, .notEqual, .null): return "\(key) is not null"
    case .comparison(let key, let op, let value): return "\(key) \(op.rawValue) \(value)"
    case .keyComparison(let left, let op, let right): return "\(left) \(op.rawValue) \(right)"
    case .and(let parts):
      if parts.isEmpty { return "*true*" }
      return parts.map { $0.parenthesized(if: $0.isCompound) }.joined(separator: " AND ")
    case .or(let parts):
      if parts.isEmpty { return "*false*" }
      return parts.map { $0.parenthesized(if: $0.isOr) }.joined(separator: " OR ")
    case .not(let inner): return "NOT " + inner.parenthesized(if: inner.isCompound)
    case .among(let source):
      let keys = source.columns.keys.map(\.description).sorted().joined(separator: ", ")
      return "(\(keys)) among the rows of: " + String(source.text.map { String($0) == QuerySource.slot ? "?" : $0 })
    }
  }

  private var isCompound: Bool {
    switch self {
    case .and(let parts), .or(let parts): return parts.count > 1
    default: return false
    }
  }

  private var isOr: Bool {
    if case .or(let parts) = self { return parts.count > 1 }
    return false
  }

  private func parenthesized(if condition: Bool) -> String {
    condition ? "(\(description))" : description
  }
}

extension QualifierValue: CustomStringConvertible {
  /// Parseable text: `'it\'s'`, `42`, `4.99`, `true`, `null`, `(1, 2)`, `$user.id`.
  public var description: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .integer(let value): return String(value)
    case .decimal(let text): return text
    case .string(let text): return Self.quote(text)
    case .list(let values): return "(" + values.map(\.description).joined(separator: ", ") + ")"
    case .binding(let name): return "$" + name
    }
  }

  /// `text` in single quotes with `\`, `'` and control characters escaped.
  public static func quote(_ text: String) -> String {
    var result = "'"
    for c in text {
      switch c {
      case "\\": result += "\\\\"
      case "'": result += "\\'"
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default: result.append(c)
      }
    }
    return result + "'"
  }
}

extension QualifierValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int64) { self = .integer(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(nilLiteral: ()) { self = .null }
}
