/// The kind of value a column holds, decided from its declared type by the adaptor.
public indirect enum ValueType: Hashable, Sendable, Codable {
  /// An integer of `bits` width (16, 32 or 64).
  case integer(bits: Int)
  /// An exact decimal; precision and scale when declared.
  case decimal(precision: Int?, scale: Int?)
  /// Binary floating point.
  case double
  /// Text; `maxLength` for `varchar(n)`/`char(n)`; `isFixedWidth` for blank-padded `char(n)`.
  case text(maxLength: Int?, isFixedWidth: Bool)
  case boolean
  case date
  case time
  case timestamp(withTimeZone: Bool)
  case binary
  case uuid
  case json
  /// A PostgreSQL enum with its labels in declaration order.
  case enumeration(name: String, values: [String])
  case array(of: ValueType)
  /// Anything else (interval, inet, money, ranges, tsvector, geometry, …): shown and
  /// written as the database's own text, which the database parses.
  case other(typeName: String)

  /// Whether d2t can write values of this type. A type of `.other` is written as the
  /// text the database showed (its own input syntax), but not inside an array (items of
  /// composite or range types are not rewritten) nor when the catalog did not name it.
  public var isWritable: Bool {
    switch self {
    case .other(let name): return !name.hasPrefix("oid ")
    case .array(.other): return false
    case .array(let element): return element.isWritable
    default: return true
    }
  }

  /// A short name for `d2t model` and messages: `integer`, `decimal(4,2)`, `text(45)`.
  public var name: String {
    switch self {
    case .integer(let bits): return bits == 64 ? "bigint" : bits == 16 ? "smallint" : "integer"
    case .decimal(let p, let s):
      guard let p else { return "decimal" }
      return "decimal(\(p),\(s ?? 0))"
    case .double: return "double"
    case .text(let length, let fixed):
      let base = fixed ? "char" : "text"
      return length.map { "\(base)(\($0))" } ?? base
    case .boolean: return "boolean"
    case .date: return "date"
    case .time: return "time"
    case .timestamp(let tz): return tz ? "timestamptz" : "timestamp"
    case .binary: return "binary"
    case .uuid: return "uuid"
    case .json: return "json"
    case .enumeration(let name, _): return "enum \(name)"
    case .array(let element): return element.name + "[]"
    case .other(let typeName): return "other(\(typeName))"
    }
  }
}
