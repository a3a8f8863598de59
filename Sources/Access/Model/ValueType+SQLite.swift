import Foundation

extension ValueType {
  /// The value type of a SQLite column, from its declared type.
  ///
  /// Follows SQLite's affinity rules (https://sqlite.org/datatype3.html §3.1) in their
  /// order, then refines them with the conventional names SQLite accepts but does not
  /// enforce: `BOOLEAN`, `DATE`, `TIME`, `TIMESTAMP`/`DATETIME`, `DECIMAL(p,s)`, `UUID`,
  /// `JSON`. So `BLOB SUB_TYPE TEXT` is text (rule 2 wins over rule 3) and `POINT` is an
  /// integer, exactly as SQLite stores them.
  public init(sqliteDeclaredType declared: String) {
    let upper = declared.uppercased()
    let (base, arguments) = splitTypeArguments(upper)
    if upper.contains("INT") {
      if base == "INTEGER" || upper.contains("BIG") || upper.contains("INT8") {
        self = .integer(bits: 64)
      } else if upper.contains("SMALL") || upper.contains("INT2") {
        self = .integer(bits: 16)
      } else if upper.contains("TINY") {
        self = .integer(bits: 8)
      } else {
        self = .integer(bits: 32)
      }
    } else if upper.contains("CHAR") || upper.contains("CLOB") || upper.contains("TEXT") {
      self = .text(maxLength: arguments.first, isFixedWidth: false)
    } else if upper.contains("BLOB") {
      self = .binary
    } else if upper.isEmpty {
      self = .text(maxLength: nil, isFixedWidth: false)
    } else if upper.contains("REAL") || upper.contains("FLOA") || upper.contains("DOUB") {
      self = .double
    } else if base.hasPrefix("BOOL") {
      self = .boolean
    } else if base == "DATE" {
      self = .date
    } else if base == "DATETIME" || base.hasPrefix("TIMESTAMP") {
      self = .timestamp(withTimeZone: upper.contains("WITH TIME ZONE") || base == "TIMESTAMPTZ")
    } else if base.hasPrefix("TIME") {
      self = .time
    } else if base == "UUID" || base == "GUID" {
      self = .uuid
    } else if base.hasPrefix("JSON") {
      self = .json
    } else {
      self = .decimal(
        precision: arguments.first, scale: arguments.count > 1 ? arguments[1] : nil)
    }
  }
}

/// `DECIMAL(4,2)` → (`DECIMAL`, [4, 2]); `VARCHAR (45)` → (`VARCHAR`, [45]).
func splitTypeArguments(_ type: String) -> (base: String, arguments: [Int]) {
  guard let open = type.firstIndex(of: "(") else {
    return (type.trimmingCharacters(in: .whitespaces), [])
  }
  let base = type[..<open].trimmingCharacters(in: .whitespaces)
  let inside = type[type.index(after: open)...].prefix { $0 != ")" }
  let arguments = inside.split(separator: ",").compactMap {
    Int($0.trimmingCharacters(in: .whitespaces))
  }
  return (base, arguments)
}
