extension AdaptorChannel {
  /// `columns` with PostgreSQL origins (`PQftable` OID and `PQftablecol` number) named from
  /// `pg_catalog`: schema, table and column. Columns without an OID are returned as they
  /// are. Run it on a channel other than the one reading the result (that one is busy).
  public func namingOrigins(of columns: [ResultColumn]) throws -> [ResultColumn] {
    let oids = Set(columns.compactMap { $0.origin?.tableOID })
    guard !oids.isEmpty else { return columns }
    let list = oids.sorted().map(String.init).joined(separator: ", ")
    let rows = try query(
      SQLStatement(
        """
        SELECT c.oid::int8, a.attnum::int8, n.nspname, c.relname, a.attname
        FROM pg_catalog.pg_attribute a
        JOIN pg_catalog.pg_class c ON c.oid = a.attrelid
        JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
        WHERE c.oid IN (\(list)) AND a.attnum > 0
        """))
    var names: [String: (schema: String, table: String, column: String)] = [:]
    for row in rows {
      guard case .integer(let oid) = row.values[0], case .integer(let number) = row.values[1],
        case .text(let schema) = row.values[2], case .text(let table) = row.values[3],
        case .text(let column) = row.values[4]
      else { continue }
      names["\(oid).\(number)"] = (schema, table, column)
    }
    return columns.map { column in
      guard let origin = column.origin, let oid = origin.tableOID, let number = origin.columnNumber,
        let found = names["\(oid).\(number)"]
      else { return column }
      var named = column
      named.origin = ResultColumn.Origin(
        schema: found.schema, table: found.table, column: found.column, tableOID: oid, columnNumber: number)
      return named
    }
  }
}
