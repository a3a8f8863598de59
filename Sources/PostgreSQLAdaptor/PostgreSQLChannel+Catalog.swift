import Access

extension PostgreSQLChannel {
  /// Reads every table, view and materialised view the user may select from, in all
  /// schemas but the system ones, with columns, types (domains, enums, arrays resolved),
  /// defaults, keys, unique keys, comments and row estimates. Partitions are not listed:
  /// their partitioned table stands for them, with the foreign keys every partition
  /// declares (`PartitionKeys`).
  ///
  /// The eight catalog queries go in one round trip (`queryPipelined`).
  func readCatalog() throws -> Catalog {
    let statements = [
      Self.typesSQL, Self.enumsSQL, Self.relationsSQL, Self.columnsSQL, Self.uniqueKeysSQL,
      Self.constraintsSQL, Self.partitionsSQL, Self.partitionForeignKeysSQL,
    ].map { SQLStatement($0) }
    let results: [[Row]]
    do {
      results = try queryPipelined(statements)
    } catch let error as DatabaseError where error.kind != .connectionLost && error.kind != .cancelled {
      // A pooler or proxy that mishandles pipelining: the same queries one at a time.
      results = try statements.map { try query($0) }
    }
    let types = PostgreSQLTypeCatalog(types: results[0], enumLabels: results[1])
    let relations = results[2]
    var tables: [Int64: TableInfo] = [:]
    var order: [Int64] = []
    for row in relations {
      guard let oid = row["oid"]?.int64Value, let name = row["name"]?.stringValue else { continue }
      let estimate = row["estimate"]?.int64Value ?? -1
      var table = TableInfo(
        schema: row["schema"]?.stringValue, name: name,
        kind: row["kind"]?.stringValue == "r" || row["kind"]?.stringValue == "p" ? .table : .view,
        columns: [], estimatedRowCount: estimate >= 0 ? estimate : nil,
        comment: row["comment"]?.stringValue)
      table.lockReason = Self.lockReason(row)
      tables[oid] = table
      order.append(oid)
    }
    // Column names by table and attribute number, to name the keys of constraints.
    var columnNames: [Int64: [Int64: String]] = [:]
    for row in results[3] {
      guard let rel = row["rel"]?.int64Value, tables[rel] != nil,
        let name = row["name"]?.stringValue, let typeOID = row["type"]?.int64Value
      else { continue }
      if let number = row["num"]?.int64Value { columnNames[rel, default: [:]][number] = name }
      let typmod = Int32(row["typmod"]?.int64Value ?? -1)
      let resolved = types.valueType(oid: UInt32(typeOID), typmod: typmod)
      let defaultExpression = row["dflt"]?.stringValue
      let identity = row["identity"]?.stringValue ?? ""
      let generated = row["generated"]?.stringValue ?? ""
      var column = ColumnInfo(
        name: name, declaredType: row["declared"]?.stringValue ?? "",
        valueType: resolved.valueType, isNullable: row["notnull"] != .bool(true),
        defaultExpression: generated.isEmpty ? defaultExpression : nil,
        isGenerated: !identity.isEmpty || !generated.isEmpty
          || (defaultExpression?.hasPrefix("nextval(") ?? false),
        domainName: resolved.domainName, comment: row["comment"]?.stringValue)
      column.isReadOnly = !generated.isEmpty || identity == "a"
      tables[rel]?.columns.append(column)
    }
    for row in results[4] {
      guard let rel = row["rel"]?.int64Value, tables[rel]?.kind == .table,
        case .array(let columnValues)? = row["cols"]
      else { continue }
      tables[rel]?.uniqueKeys.append(columnValues.compactMap(\.stringValue))
    }
    for row in results[5] {
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
        tables[rel]?.foreignKeys.append(
          ForeignKeyInfo(
            name: row["name"]?.stringValue, columns: columns, destinationSchema: destination.schema,
            destinationTable: destination.name, destinationColumns: refColumns,
            onDelete: Self.referentialAction(row["del"]?.stringValue)))
      }
    }
    var partitions = PartitionKeys()
    for row in results[6] {
      guard let child = row["child"]?.int64Value, let parent = row["parent"]?.int64Value else { continue }
      partitions.addPartition(child, of: parent)
    }
    for row in results[7] {
      guard let rel = row["rel"]?.int64Value, let ref = row["ref"]?.int64Value, let destination = tables[ref],
        case .array(let columnValues)? = row["cols"], case .array(let refValues)? = row["refcols"]
      else { continue }
      partitions.addKey(
        ForeignKeyInfo(
          name: row["name"]?.stringValue, columns: columnValues.compactMap(\.stringValue),
          destinationSchema: destination.schema, destinationTable: destination.name,
          destinationColumns: refValues.compactMap(\.stringValue),
          onDelete: Self.referentialAction(row["del"]?.stringValue)), of: rel)
    }
    // A view reads what its rewrite rule depends on (a materialized view changes only when
    // refreshed, which its own counters show).
    for row in relations {
      guard let oid = row["oid"]?.int64Value, let reads = row["reads"]?.stringValue else { continue }
      let read = reads.split(separator: " ").compactMap { Int64($0).flatMap { tables[$0] } }
      tables[oid]?.reads = read.map { TableName(schema: $0.schema, $0.name) }
    }
    for oid in order {
      guard let table = tables[oid] else { continue }
      tables[oid]?.foreignKeys += partitions.keysOfEveryPartition(of: oid).filter { key in
        !table.foreignKeys.contains { PartitionKeys.sameReference($0, key) }
      }
    }
    return Catalog(tables: Self.withoutLockedReferences(order.compactMap { tables[$0] }))
  }

  /// Why the role cannot read a relation: no USAGE on its schema or no SELECT on it.
  private static func lockReason(_ row: Row) -> String? {
    if row["schemausage"] == .bool(false) {
      return "permission denied: no USAGE privilege on schema \(row["schema"]?.stringValue ?? "")"
    }
    if row["readable"] == .bool(false) { return "permission denied: no SELECT privilege" }
    return nil
  }

  /// Foreign keys from or to a table the role cannot read are left out: following them
  /// would fail the whole query that joins them.
  private static func withoutLockedReferences(_ tables: [TableInfo]) -> [TableInfo] {
    let locked = Set(tables.filter { $0.lockReason != nil }.map { "\($0.schema ?? "").\($0.name)" })
    guard !locked.isEmpty else { return tables }
    return tables.map { table in
      var table = table
      if table.lockReason != nil {
        table.foreignKeys = []
      } else {
        table.foreignKeys.removeAll {
          locked.contains("\($0.destinationSchema ?? "").\($0.destinationTable)")
        }
      }
      return table
    }
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
    """

  /// Read permission is asked of the server only where the catalog alone cannot tell:
  /// superusers read everything, and an owner reads a relation (or uses a schema) whose
  /// ACL is still the default. Comments come from one join with `pg_description` rather
  /// than `obj_description` per row (2,000 tables: 18 → 4 ms on the server).
  static let relationsSQL = """
    SELECT c.oid::int8 AS oid, n.nspname AS schema, c.relname AS name, c.relkind::text AS kind,
      c.reltuples::int8 AS estimate,
      CASE WHEN r.rolsuper OR (c.relacl IS NULL AND c.relowner = r.oid) THEN true
        ELSE has_table_privilege(c.oid, 'SELECT') END AS readable,
      CASE WHEN r.rolsuper OR (n.nspacl IS NULL AND n.nspowner = r.oid) THEN true
        ELSE has_schema_privilege(n.oid, 'USAGE') END AS schemausage,
      ds.description AS comment,
      CASE WHEN c.relkind = 'v' THEN (SELECT string_agg(DISTINCT d.refobjid::text, ' ')
        FROM pg_rewrite rw JOIN pg_depend d ON d.classid = 'pg_rewrite'::regclass AND d.objid = rw.oid
          AND d.refclassid = 'pg_class'::regclass AND d.refobjid <> c.oid
        WHERE rw.ev_class = c.oid) END AS reads
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      CROSS JOIN (SELECT oid, rolsuper FROM pg_roles WHERE rolname = current_user) r
      LEFT JOIN pg_description ds
        ON ds.objoid = c.oid AND ds.classoid = 'pg_class'::regclass AND ds.objsubid = 0
    WHERE \(userRelations)
    ORDER BY n.nspname, c.relname
    """

  /// Column comments by one join with `pg_description`, not `col_description` per column
  /// (10,000 columns: 38 → 14 ms on the server).
  static let columnsSQL = """
    SELECT a.attrelid::int8 AS rel, a.attnum::int8 AS num, a.attname AS name, a.atttypid::int8 AS type,
      a.atttypmod::int8 AS typmod, format_type(a.atttypid, a.atttypmod) AS declared,
      a.attnotnull AS notnull, pg_get_expr(d.adbin, d.adrelid) AS dflt,
      a.attidentity::text AS identity, a.attgenerated::text AS generated,
      ds.description AS comment
    FROM pg_attribute a
      JOIN pg_class c ON c.oid = a.attrelid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      LEFT JOIN pg_description ds
        ON ds.objoid = a.attrelid AND ds.classoid = 'pg_class'::regclass AND ds.objsubid = a.attnum
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

  /// Partitions of partitioned tables, at every level.
  static let partitionsSQL = """
    SELECT i.inhrelid::int8 AS child, i.inhparent::int8 AS parent
    FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
    WHERE c.relispartition
    """

  /// Foreign keys declared on partitions (not on their partitioned table), with names.
  static let partitionForeignKeysSQL = """
    SELECT con.conrelid::int8 AS rel, con.conname AS name,
      con.confrelid::int8 AS ref, con.confdeltype::text AS del,
      ARRAY(SELECT a.attname FROM unnest(con.conkey) WITH ORDINALITY k(num, pos)
        JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.num
        ORDER BY k.pos)::text[] AS cols,
      ARRAY(SELECT a.attname FROM unnest(con.confkey) WITH ORDINALITY k(num, pos)
        JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.num
        ORDER BY k.pos)::text[] AS refcols
    FROM pg_constraint con JOIN pg_class c ON c.oid = con.conrelid
    WHERE con.contype = 'f' AND c.relispartition
    ORDER BY con.conrelid, con.conname
    """

  /// Unique indexes (constraints have one too) on plain columns, key columns only, fewest
  /// columns first.
  static let uniqueKeysSQL = """
    SELECT i.indrelid::int8 AS rel,
      ARRAY(SELECT a.attname FROM unnest(i.indkey::int2[]) WITH ORDINALITY k(num, pos)
        JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.num
        WHERE k.pos <= i.indnkeyatts ORDER BY k.pos)::text[] AS cols
    FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
    WHERE i.indisunique AND NOT i.indisprimary AND i.indisvalid
      AND i.indpred IS NULL AND i.indexprs IS NULL
    ORDER BY i.indrelid, i.indnkeyatts, ic.relname
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
