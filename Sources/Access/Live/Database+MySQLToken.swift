extension Database {
  /// The start of every MySQL change check, for `isChangeProbe`.
  static let mySQLTokenPrefix = "SELECT CONCAT_WS('|', (SELECT GROUP_CONCAT(CONCAT(TABLE_NAME"

  /// MySQL's change token (it has no `LISTEN` and no row versions): each table's
  /// `UPDATE_TIME` from `information_schema.TABLES` (when it is within the last second, the
  /// time of the check instead, as two commits in one second share it), and a checksum of the
  /// visible rows looked up by key (count and XOR of the MD5 of each row's columns), so an
  /// update of a row on screen shows at once. One statement, an indexed lookup, never a scan.
  ///
  ///     SELECT CONCAT_WS('|', (SELECT GROUP_CONCAT(CONCAT(TABLE_NAME, '@', …) ORDER BY TABLE_NAME)
  ///       FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN (?, ?)),
  ///       (SELECT CONCAT(COUNT(*), ':', BIT_XOR(…MD5(CONCAT_WS(…))…)) FROM `film` WHERE (`film_id`) IN ((?), (?))))
  func mySQLChangeToken(of entity: Entity, keys: [[String: DatabaseValue]], related: [String]) throws -> String {
    let tables = watchedTables(of: entity, related: related).map(\.name)
    var bindings: [DatabaseValue] = tables.map(DatabaseValue.text)
    var sql =
      Self.mySQLTokenPrefix
      + ", '@', COALESCE(IF(UPDATE_TIME >= NOW(6) - INTERVAL 1 SECOND, NOW(6), UPDATE_TIME), '-')) "
      + "ORDER BY TABLE_NAME) FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME IN ("
      + tables.indices.map(dialect.placeholder).joined(separator: ", ") + "))"
    let keyColumns = entity.primaryKey.compactMap { entity[attribute: $0] }
    if !entity.isReadOnly, !keys.isEmpty, !keyColumns.isEmpty, keyColumns.count == entity.primaryKey.count {
      let columns = keyColumns.map { dialect.quote($0.column) }.joined(separator: ", ")
      // NULL and '' differ: each column is marked before it is joined.
      let values = entity.attributes.map { "COALESCE(CONCAT('v', " + dialect.quote($0.column) + "), 'n')" }
      let tuples = keyTuples(keys, keyColumns, bindings: &bindings)
      sql +=
        ", (SELECT CONCAT(COUNT(*), ':', COALESCE(BIT_XOR(CAST(CONV(LEFT(MD5(CONCAT_WS(0x1f, "
        + values.joined(separator: ", ") + ")), 16), 16, 10) AS UNSIGNED)), 0)) FROM "
        + dialect.quote(table: entity.table, schema: entity.schema) + " WHERE (" + columns + ") IN ("
        + tuples.joined(separator: ", ") + "))"
    }
    let statement = SQLStatement(sql + ") AS token", bindings, resultTypes: [nil])
    return try withChannel { try $0.query(statement) }.first?["token"]?.stringValue ?? ""
  }
}
