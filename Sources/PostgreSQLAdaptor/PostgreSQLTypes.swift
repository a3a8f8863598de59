import Access

/// Value types of PostgreSQL's built-in types, by name and by OID.
enum PostgreSQLTypes {
  /// The value type of a built-in base type; `typmod` gives length, precision and scale.
  static func valueType(baseName name: String, typmod: Int32) -> ValueType {
    switch name {
    case "int2": return .integer(bits: 16)
    case "int4": return .integer(bits: 32)
    case "int8", "oid": return .integer(bits: 64)
    case "numeric":
      guard typmod >= 4 else { return .decimal(precision: nil, scale: nil) }
      let packed = Int(typmod) - 4
      return .decimal(precision: (packed >> 16) & 0xffff, scale: packed & 0xffff)
    case "float4", "float8": return .double
    case "varchar": return .text(maxLength: typmod >= 4 ? Int(typmod) - 4 : nil, isFixedWidth: false)
    case "bpchar": return .text(maxLength: typmod >= 4 ? Int(typmod) - 4 : nil, isFixedWidth: true)
    case "text", "name", "citext", "char": return .text(maxLength: nil, isFixedWidth: false)
    case "bool": return .boolean
    case "date": return .date
    case "time": return .time
    case "timestamp": return .timestamp(withTimeZone: false)
    case "timestamptz": return .timestamp(withTimeZone: true)
    case "bytea": return .binary
    case "uuid": return .uuid
    case "json", "jsonb": return .json
    default: return .other(typeName: name)
    }
  }

  /// Built-in type names by OID, for result columns whose type no hint gives.
  static let namesByOID: [UInt32: String] = [
    16: "bool", 17: "bytea", 18: "char", 19: "name", 20: "int8", 21: "int2", 23: "int4",
    25: "text", 26: "oid", 114: "json", 700: "float4", 701: "float8", 1042: "bpchar",
    1043: "varchar", 1082: "date", 1083: "time", 1114: "timestamp", 1184: "timestamptz",
    1700: "numeric", 2950: "uuid", 3802: "jsonb",
  ]

  /// Element OIDs of the built-in array types.
  static let arrayElements: [UInt32: UInt32] = [
    1000: 16, 1001: 17, 1003: 19, 1005: 21, 1007: 23, 1009: 25, 1014: 1042, 1015: 1043,
    1016: 20, 1021: 700, 1022: 701, 1028: 26, 1115: 1114, 1182: 1082, 1183: 1083,
    1185: 1184, 1231: 1700, 2951: 2950, 199: 114, 3807: 3802,
  ]

  /// The value type of a result column from its OID; unknown types are text.
  static func valueType(oid: UInt32, typmod: Int32) -> ValueType {
    if let name = namesByOID[oid] { return valueType(baseName: name, typmod: typmod) }
    if let element = arrayElements[oid] {
      return .array(of: valueType(oid: element, typmod: typmod))
    }
    return .text(maxLength: nil, isFixedWidth: false)
  }
}
