import Access

extension PostgreSQLChannel {
  /// Reads every table, view and materialised view the user may select from, in all
  /// schemas but the system ones, with columns, types (domains, enums, arrays resolved),
  /// defaults, keys, unique keys, comments and row estimates. Partitions are not listed:
  /// their partitioned table stands for them, with the foreign keys every partition
  /// declares (`PartitionKeys`).
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
        columns: [], estimatedRowCount: estimate >= 0 ? estimate : nil,
        comment: row["comment"]?.stringValue)
      order.append(oid)
    }
    for row in try query(SQLStatement(Self.columnsSQL)) {
      guard let rel = row["rel"]?.int64Value, tables[rel] != nil,
        let name = row["name"]?.stringValue, let typeOID = row["type"]?.int64Value
      else { continue }
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
        domainName: resolved.domainName, comment: row["comment"]?.stringValue))
    }
    var partitions = PartitionKeys()
    for row in try query(SQLStatement(Self.partitionsSQL)) {
      guard let child = row["child"]?.int64Value, let parent = row["parent"]?.int64Value else { continue }
      partitions.addPartition(child, of: parent)
    }
    for row in try query(SQLStatement(Self.constraintsSQL)) {
      guard let rel = row["rel"]?.int64Value, case .array(let columnValues)? = row["cols"] else { continue }
      let columns = columnValues.compactMap(\.stringValue)
      switch row["type"]?.stringValue {
      case "p" where tables[rel] != nil:
        tables[rel]?.primaryKey = columns
      case "f":
        guard let ref = row["ref"]?.int64Value, let destination = tables[ref],
          case .array(let refValues)? = row["refcols"]
        else { continue }
        let key = ForeignKeyInfo(
          name: row["name"]?.stringValue, columns: columns, destinationSchema: destination.schema,
          destinationTable: destination.name, destinationColumns: refValues.compactMap(\.stringValue),
          onDelete: Self.referentialAction(row["del"]?.stringValue))
        if tables[rel] != nil {
          tables[rel]?.foreignKeys.append(key)
        } else {
          partitions.addKey(key, of: rel)
        }
      default:
        continue
      }
    }
    for row in try query(SQLStatement(Self.uniqueKeysSQL)) {
      guard let rel = row["rel"]?.int64Value, tables[rel] != nil,
        case .array(let columnValues)? = row["cols"]
      else { continue }
      tables[rel]?.uniqueKeys.append(columnValues.compactMap(\.stringValue))
    }
    for oid in order {
      guard let table = tables[oid] else { continue }
      tables[oid]?.foreignKeys += partitions.keysOfEveryPartition(of: oid).filter { key in
        !table.foreignKeys.contains { PartitionKeys.sameReference($0, key) }
      }
    }
    return Catalog(tables: order.compactMap { tables[$0] })
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
      c.reltuples::int8 AS estimate, obj_description(c.oid, 'pg_class') AS comment
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE \(userRelations)
    ORDER BY n.nspname, c.relname
    """

  static let columnsSQL = """
    SELECT a.attrelid::int8 AS rel, a.attname AS name, a.atttypid::int8 AS type,
      a.atttypmod::int8 AS typmod, format_type(a.atttypid, a.atttypmod) AS declared,
      a.attnotnull AS notnull, pg_get_expr(d.adbin, d.adrelid) AS dflt,
      a.attidentity::text AS identity, a.attgenerated::text AS generated,
      col_description(a.attrelid, a.attnum) AS comment
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
      ARRAY(SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY k(num, pos)
        JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.num
        ORDER BY k.pos)::text[] AS cols,
      ARRAY(SELECT a.attname FROM unnest(con.confkey) WITH ORDINALITY k(num, pos)
        JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.num
        ORDER BY k.pos)::text[] AS refcols
    FROM pg_constraint con
    WHERE con.contype IN ('p', 'f')
    ORDER BY con.conrelid, con.conname
    """

  /// Partitions of partitioned tables, at every level.
  static let partitionsSQL = """
    SELECT i.inhrelid::int8 AS child, i.inhparent::int8 AS parent
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE c.relispartition
    """

  /// Unique constraints and unique indexes on plain columns, not partial.
  static let uniqueKeysSQL = """
    SELECT i.indrelid::int8 AS rel,
      ARRAY(SELECT a.attname FROM unnest(i.indkey::int2[]) WITH ORDINALITY k(num, pos)
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.num
        ORDER BY k.pos)::text[] AS cols
    FROM pg_index i
    WHERE i.indisunique AND i.indpred IS NULL AND i.indexprs IS NULL AND NOT i.indisprimary
    ORDER BY i.indrelid, i.indexrelid
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
