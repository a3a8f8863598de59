import Foundation

/// One value read from or written to a database column, typed as the database holds it.
///
/// Adaptors decode into the most precise case the column type allows: exact decimals stay
/// text (`.decimal("4.99")`), dates and times are calendar values, never `Date` in some
/// time zone. `.text` is the fallback for anything d2t does not understand (tsvector,
/// geometry, …).
public enum DatabaseValue: Hashable, Sendable {
  case null
  case integer(Int64)
  case real(Double)
  /// An exact decimal in canonical text form: optional `-`, digits, optional `.digits`.
  case decimal(String)
  case text(String)
  case bool(Bool)
  case blob([UInt8])
  case date(SQLDate)
  // Only the large and the recursive payloads are boxed: a boxed case costs an allocation
  // per value, which a million-row export feels.
  indirect case time(SQLTime)
  indirect case timestamp(SQLTimestamp)
  case uuid(UUID)
  /// JSON kept as its text.
  case json(String)
  indirect case array([DatabaseValue])

  public var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The value as an integer, when it is one (or a decimal with no fraction).
  public var int64Value: Int64? {
    switch self {
    case .integer(let v): return v
    case .decimal(let text): return Int64(text)
    case .text(let text): return Int64(text)
    case .bool(let b): return b ? 1 : 0
    default: return nil
    }
  }

  /// The value as text, when it is text-like.
  public var stringValue: String? {
    switch self {
    case .text(let s), .json(let s), .decimal(let s): return s
    default: return nil
    }
  }
}

extension DatabaseValue: CustomStringConvertible {
  /// A plain rendering for logs, `d2t model` and tests: `NULL`, `42`, `'text'`, `x'0aff'`.
  public var description: String {
    switch self {
    case .null: return "NULL"
    case .integer(let v): return String(v)
    case .real(let v): return v.isFinite ? String(v) : literalText
    case .decimal(let s): return s
    case .text(let s): return "'" + s.replacingOccurrences(of: "'", with: "''") + "'"
    case .bool(let b): return b ? "true" : "false"
    case .blob(let bytes): return "<\(bytes.count) bytes>"
    case .date(let d): return d.description
    case .time(let t): return t.description
    case .timestamp(let t): return t.description
    case .uuid(let u): return u.uuidString.lowercased()
    case .json(let s): return s
    case .array(let values): return "{" + values.map(\.description).joined(separator: ",") + "}"
    }
  }
}
