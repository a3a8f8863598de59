import Access

extension PostgreSQLChannel {
  /// Reads every table, view and materialised view the user may select from, in all
  /// schemas but the system ones, with columns, types (domains, enums, arrays resolved),
  /// defaults, keys and row estimates.
  func readCatalog() throws -> Catalog {
    let types = try PostgreSQLTypeCatalog(
      types: query(SQLStatement(Self.typesSQL)), enumLabels: query(SQLStatement(Self.enumsSQL)))
    let relations = try query(SQLStatement(Self.relationsSQL))
    var tables: [Int64: TableInfo] = [:]
    var order: [Int64] = []
    for row in relations {
      guard let oid = row["oid"]?.int64Value, let name = row["name"]?.stringValue else { continue }
      let estimate = row["estimate"]?.int64Value ?? -1
      tables[oid] = TableInfo(
        schema: row["schema"]?.stringValue, name: name,
        kind: row["kind"]?.stringValue == "r" || row["kind"]?.stringValue == "p" ? .table : .view,
        columns: [], estimatedRowCount: estimate >= 0 ? estimate : nil)
      order.append(oid)
    }
    // Column names by table and attribute number, to name the keys of constraints.
    var columnNames: [Int64: [Int64: String]] = [:]
    for row in try query(SQLStatement(Self.columnsSQL)) {
      guard let rel = row["rel"]?.int64Value, tables[rel] != nil,
        let name = row["name"]?.stringValue, let typeOID = row["type"]?.int64Value
      else { continue }
      if let number = row["num"]?.int64Value { columnNames[rel, default: [:]][number] = name }
      let typmod = Int32(row["typmod"]?.int64Value ?? -1)
      let resolved = types.valueType(oid: UInt32(typeOID), typmod: typmod)
      let defaultExpression = row["dflt"]?.stringValue
      let identity = row["identity"]?.stringValue ?? ""
      let generated = row["generated"]?.stringValue ?? ""
      tables[rel]?.columns.append(ColumnInfo(
        name: name, declaredType: row["declared"]?.stringValue ?? "",
        valueType: resolved.valueType, isNullable: row["notnull"] != .bool(true),
        defaultExpression: defaultExpression,
        isGenerated: !identity.isEmpty || !generated.isEmpty
          || (defaultExpression?.hasPrefix("nextval(") ?? false),
        domainName: resolved.domainName))
    }
    for row in try query(SQLStatement(Self.constraintsSQL)) {
      guard let rel = row["rel"]?.int64Value, tables[rel] != nil,
        case .array(let columnNumbers)? = row["cols"],
        let columns = Self.names(columnNumbers, in: columnNames[rel])
      else { continue }
      if row["type"]?.stringValue == "p" {
        tables[rel]?.primaryKey = columns
      } else if let ref = row["ref"]?.int64Value, let destination = tables[ref],
        case .array(let refNumbers)? = row["refcols"],
        let refColumns = Self.names(refNumbers, in: columnNames[ref])
      {
        tables[rel]?.foreignKeys.append(ForeignKeyInfo(
          name: row["name"]?.stringValue, columns: columns, destinationSchema: destination.schema,
          destinationTable: destination.name, destinationColumns: refColumns,
          onDelete: Self.referentialAction(row["del"]?.stringValue)))
      }
    }
    return Catalog(tables: order.compactMap { tables[$0] })
  }

  /// Column names for attribute numbers (`conkey`), nil if one is unknown.
  private static func names(_ numbers: [DatabaseValue], in names: [Int64: String]?) -> [String]? {
    guard let names else { return nil }
    var result: [String] = []
    for number in numbers {
      guard let value = number.int64Value, let name = names[value] else { return nil }
      result.append(name)
    }
    return result
  }

  private static func referentialAction(_ code: String?) -> ReferentialAction {
    switch code {
    case "r": return .restrict
    case "c": return .cascade
    case "n": return .setNull
    case "d": return .setDefault
    default: return .noAction
    }
  }

  private static let userRelations = """
    c.relkind IN ('r', 'p', 'v', 'm', 'f') AND NOT c.relispartition
      AND n.nspname NOT IN ('pg_catalog', 'information_schema')
      AND n.nspname NOT LIKE 'pg\\_toast%' AND n.nspname NOT LIKE 'pg\\_temp%'
      AND has_table_privilege(c.oid, 'SELECT')
    """

  static let relationsSQL = """
    SELECT c.oid::int8 AS oid, n.nspname AS schema, c.relname AS name, c.relkind::text AS kind,
      c.reltuples::int8 AS estimate
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE \(userRelations)
    ORDER BY n.nspname, c.relname
    """

  static let columnsSQL = """
    SELECT a.attrelid::int8 AS rel, a.attnum::int8 AS num, a.attname AS name, a.atttypid::int8 AS type,
      a.atttypmod::int8 AS typmod, format_type(a.atttypid, a.atttypmod) AS declared,
      a.attnotnull AS notnull, pg_get_expr(d.adbin, d.adrelid) AS dflt,
      a.attidentity::text AS identity, a.attgenerated::text AS generated
    FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
    WHERE a.attnum > 0 AND NOT a.attisdropped AND \(userRelations)
    ORDER BY a.attrelid, a.attnum
    """

  static let constraintsSQL = """
    SELECT con.conrelid::int8 AS rel, con.contype::text AS type, con.conname AS name,
      con.confrelid::int8 AS ref, con.confdeltype::text AS del,
      con.conkey::int8[] AS cols, coalesce(con.confkey, '{}')::int8[] AS refcols
    FROM pg_constraint con
    WHERE con.contype IN ('p', 'f')
    ORDER BY con.conrelid, con.conname
    """

  static let typesSQL = """
    SELECT t.oid::int8 AS oid, t.typname AS name, t.typtype::text AS kind,
      t.typcategory::text AS category, t.typelem::int8 AS element,
      t.typbasetype::int8 AS base, t.typtypmod::int8 AS basetypmod
    FROM pg_type t
    """

  static let enumsSQL = """
    SELECT enumtypid::int8 AS type, enumlabel::text AS label
    FROM pg_enum ORDER BY enumtypid, enumsortorder
    """
}
