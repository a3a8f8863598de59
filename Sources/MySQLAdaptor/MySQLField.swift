import Access
import CMariaDB

/// One result column as the server describes it, and how its values are fetched and read.
struct MySQLField {
  enum Fetch {
    case integer
    case double
    case bytes
  }

  var name: String
  var table: String
  var column: String
  var schema: String
  var type: enum_field_types
  var flags: UInt32
  var length: UInt
  var decimals: UInt32
  var charset: UInt32
  /// How the statement asked for the column to be read (the model's type), if it did.
  var hint: ValueType?

  init(_ field: MYSQL_FIELD) {
    name = field.name.map { String(cString: $0) } ?? ""
    table = field.org_table.map { String(cString: $0) } ?? ""
    column = field.org_name.map { String(cString: $0) } ?? ""
    schema = field.db.map { String(cString: $0) } ?? ""
    type = field.type
    flags = field.flags
    length = field.length
    decimals = field.decimals
    charset = field.charsetnr
  }

  var isUnsigned: Bool { flags & UInt32(UNSIGNED_FLAG) != 0 }

  /// Bytes without a character set (`BINARY`, `VARBINARY`, `BLOB`, geometry), charset 63.
  var isBinary: Bool {
    switch type {
    case MYSQL_TYPE_TINY_BLOB, MYSQL_TYPE_MEDIUM_BLOB, MYSQL_TYPE_LONG_BLOB, MYSQL_TYPE_BLOB,
      MYSQL_TYPE_STRING, MYSQL_TYPE_VAR_STRING, MYSQL_TYPE_VARCHAR:
      return charset == 63
    case MYSQL_TYPE_GEOMETRY, MYSQL_TYPE_BIT:
      return true
    default:
      return false
    }
  }

  var fetch: Fetch {
    switch type {
    case MYSQL_TYPE_TINY, MYSQL_TYPE_SHORT, MYSQL_TYPE_INT24, MYSQL_TYPE_LONG, MYSQL_TYPE_LONGLONG, MYSQL_TYPE_YEAR:
      return .integer
    case MYSQL_TYPE_FLOAT, MYSQL_TYPE_DOUBLE:
      return .double
    default:
      return .bytes
    }
  }

  /// The type values of this column have when the statement gave no hint.
  var valueType: ValueType {
    switch type {
    case MYSQL_TYPE_TINY: return length == 1 ? .boolean : .integer(bits: isUnsigned ? 16 : 8)
    case MYSQL_TYPE_SHORT, MYSQL_TYPE_YEAR: return .integer(bits: isUnsigned ? 32 : 16)
    case MYSQL_TYPE_INT24: return .integer(bits: 32)
    case MYSQL_TYPE_LONG: return .integer(bits: isUnsigned ? 64 : 32)
    case MYSQL_TYPE_LONGLONG: return isUnsigned ? .decimal(precision: 20, scale: 0) : .integer(bits: 64)
    case MYSQL_TYPE_DECIMAL, MYSQL_TYPE_NEWDECIMAL: return .decimal(precision: nil, scale: nil)
    case MYSQL_TYPE_FLOAT, MYSQL_TYPE_DOUBLE: return .double
    case MYSQL_TYPE_DATE, MYSQL_TYPE_NEWDATE: return .date
    case MYSQL_TYPE_TIME: return .time
    case MYSQL_TYPE_DATETIME, MYSQL_TYPE_TIMESTAMP: return .timestamp(withTimeZone: false)
    case MYSQL_TYPE_JSON: return .json
    case MYSQL_TYPE_BIT: return .integer(bits: 64)
    default: return isBinary ? .binary : .text(maxLength: nil, isFixedWidth: false)
    }
  }

  /// A fetched integer: unsigned values above 2^63−1 stay exact as decimals.
  func integerValue(_ raw: Int64) -> DatabaseValue {
    if isUnsigned && raw < 0 { return .decimal(String(UInt64(bitPattern: raw))) }
    switch hint ?? valueType {
    // A TINYINT(1) holding another number than 0 or 1 keeps it: shown, sorted and
    // exported exactly.
    case .boolean: return raw == 0 || raw == 1 ? .bool(raw == 1) : .integer(raw)
    case .decimal: return .decimal(String(raw))
    case .double: return .real(Double(raw))
    case .text: return .text(String(raw))
    default: return .integer(raw)
    }
  }

  /// A value fetched as bytes: binary stays bytes, a `BIT` is its number, text is decoded
  /// by type (text that is not UTF-8 stays its bytes, so a save never rewrites them).
  func value(_ bytes: UnsafeRawBufferPointer) -> DatabaseValue {
    if type == MYSQL_TYPE_BIT {
      let number = bytes.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
      return number > UInt64(Int64.max) ? .decimal(String(number)) : .integer(Int64(number))
    }
    if isBinary, case .binary? = hint ?? .binary { return .blob(Array(bytes)) }
    guard let text = String(validating: bytes, as: UTF8.self) else { return .blob(Array(bytes)) }
    return (hint ?? valueType).decode(text: text)
  }
}
