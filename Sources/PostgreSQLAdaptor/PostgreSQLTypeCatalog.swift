import Access

/// The server's `pg_type` and `pg_enum`, to resolve a column's type OID into a value type:
/// domains to their base type (keeping the domain name), enums with their labels, arrays
/// with their element type.
struct PostgreSQLTypeCatalog {
  private struct TypeRow {
    var name: String
    var kind: String
    var category: String
    var element: UInt32
    var base: UInt32
    var baseTypmod: Int32
  }

  private var types: [UInt32: TypeRow] = [:]
  private var labels: [UInt32: [String]] = [:]

  init(types typeRows: [Row], enumLabels: [Row]) {
    for row in typeRows {
      guard let oid = row["oid"]?.int64Value, let name = row["name"]?.stringValue else { continue }
      types[UInt32(oid)] = TypeRow(
        name: name, kind: row["kind"]?.stringValue ?? "b",
        category: row["category"]?.stringValue ?? "",
        element: UInt32(row["element"]?.int64Value ?? 0),
        base: UInt32(row["base"]?.int64Value ?? 0),
        baseTypmod: Int32(row["basetypmod"]?.int64Value ?? -1))
    }
    for row in enumLabels {
      guard let type = row["type"]?.int64Value, let label = row["label"]?.stringValue else {
        continue
      }
      labels[UInt32(type), default: []].append(label)
    }
  }

  /// The value type of `oid`, and the domain name when the type is a domain.
  func valueType(oid: UInt32, typmod: Int32) -> (valueType: ValueType, domainName: String?) {
    guard let type = types[oid] else { return (.other(typeName: "oid \(oid)"), nil) }
    switch type.kind {
    case "d":
      let base = valueType(oid: type.base, typmod: typmod >= 0 ? typmod : type.baseTypmod)
      return (base.valueType, type.name)
    case "e":
      return (.enumeration(name: type.name, values: labels[oid] ?? []), nil)
    default:
      if type.category == "A", type.element != 0 {
        return (.array(of: valueType(oid: type.element, typmod: typmod).valueType), nil)
      }
      return (PostgreSQLTypes.valueType(baseName: type.name, typmod: typmod), nil)
    }
  }
}
