import Access
import CMariaDB

/// MySQL's column types as d2t's value types, from the catalog's `COLUMN_TYPE` text
/// (`int(10) unsigned`, `tinyint(1)`, `enum('G','PG')`, `decimal(5,2)`).
enum MySQLTypes {
  static func valueType(columnType: String, dataType: String, maxLength: Int?) -> ValueType {
    let type = columnType.lowercased()
    let unsigned = type.contains("unsigned")
    switch dataType.lowercased() {
    case "tinyint": return type.hasPrefix("tinyint(1)") && !unsigned ? .boolean : .integer(bits: 16)
    case "smallint": return .integer(bits: unsigned ? 32 : 16)
    case "mediumint": return .integer(bits: 32)
    case "int", "integer": return .integer(bits: unsigned ? 64 : 32)
    case "bigint": return unsigned ? .decimal(precision: 20, scale: 0) : .integer(bits: 64)
    case "year": return .integer(bits: 16)
    case "bit": return .integer(bits: 64)
    case "decimal", "numeric":
      let numbers = arguments(of: type).compactMap { Int($0) }
      return .decimal(precision: numbers.first, scale: numbers.count > 1 ? numbers[1] : 0)
    case "float", "double", "real": return .double
    case "char": return .text(maxLength: maxLength, isFixedWidth: true)
    case "varchar", "tinytext": return .text(maxLength: maxLength, isFixedWidth: false)
    case "text", "mediumtext", "longtext": return .text(maxLength: nil, isFixedWidth: false)
    case "binary", "varbinary", "tinyblob", "blob", "mediumblob", "longblob": return .binary
    case "date": return .date
    case "time": return .time
    case "datetime", "timestamp": return .timestamp(withTimeZone: false)
    case "json": return .json
    case "uuid": return .uuid
    case "enum": return .enumeration(name: columnType, values: arguments(of: columnType))
    case "set": return .text(maxLength: nil, isFixedWidth: false)
    default: return .other(typeName: columnType)
    }
  }

  /// The quoted or bare items between the parentheses: `enum('a','it''s')` → a, it's.
  static func arguments(of type: String) -> [String] {
    guard let open = type.firstIndex(of: "("), let close = type.lastIndex(of: ")"), open < close else { return [] }
    let body = type[type.index(after: open)..<close]
    var items: [String] = []
    var current = ""
    var quoted = false
    var index = body.startIndex
    while index < body.endIndex {
      let c = body[index]
      if quoted {
        if c == "'" {
          let next = body.index(after: index)
          if next < body.endIndex, body[next] == "'" {
            current.append("'")
            index = next
          } else {
            quoted = false
          }
        } else {
          current.append(c)
        }
      } else if c == "'" {
        quoted = true
      } else if c == "," {
        items.append(current.trimmingCharacters(in: .whitespaces))
        current = ""
      } else {
        current.append(c)
      }
      index = body.index(after: index)
    }
    items.append(current.trimmingCharacters(in: .whitespaces))
    return items
  }

  /// The type's name for a result column, as MySQL writes it (`SMALLINT UNSIGNED`,
  /// `VARCHAR`, `DECIMAL`).
  static func name(of field: MySQLField) -> String {
    let base: String
    switch field.type {
    case MYSQL_TYPE_TINY: base = "TINYINT"
    case MYSQL_TYPE_SHORT: base = "SMALLINT"
    case MYSQL_TYPE_INT24: base = "MEDIUMINT"
    case MYSQL_TYPE_LONG: base = "INT"
    case MYSQL_TYPE_LONGLONG: base = "BIGINT"
    case MYSQL_TYPE_DECIMAL, MYSQL_TYPE_NEWDECIMAL: base = "DECIMAL"
    case MYSQL_TYPE_FLOAT: base = "FLOAT"
    case MYSQL_TYPE_DOUBLE: base = "DOUBLE"
    case MYSQL_TYPE_DATE, MYSQL_TYPE_NEWDATE: base = "DATE"
    case MYSQL_TYPE_TIME: base = "TIME"
    case MYSQL_TYPE_DATETIME: base = "DATETIME"
    case MYSQL_TYPE_TIMESTAMP: base = "TIMESTAMP"
    case MYSQL_TYPE_YEAR: base = "YEAR"
    case MYSQL_TYPE_BIT: base = "BIT"
    case MYSQL_TYPE_JSON: base = "JSON"
    case MYSQL_TYPE_GEOMETRY: base = "GEOMETRY"
    case MYSQL_TYPE_TINY_BLOB, MYSQL_TYPE_MEDIUM_BLOB, MYSQL_TYPE_LONG_BLOB, MYSQL_TYPE_BLOB:
      base = field.isBinary ? "BLOB" : "TEXT"
    case MYSQL_TYPE_STRING:
      base =
        field.flags & UInt32(ENUM_FLAG) != 0
        ? "ENUM"
        : field.flags & UInt32(SET_FLAG) != 0
          ? "SET"
          : field.isBinary ? "BINARY" : "CHAR"
    default: base = field.isBinary ? "VARBINARY" : "VARCHAR"
    }
    let numeric = field.fetch == .integer && field.type != MYSQL_TYPE_YEAR
    return numeric && field.isUnsigned ? base + " UNSIGNED" : base
  }
}
