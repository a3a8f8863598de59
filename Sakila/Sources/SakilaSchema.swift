import Access

/// The Sakila DDL for each dialect, embedded from `Sakila/schema.*.sql`, so the demo
/// works from any directory.
public enum SakilaSchema {
  /// The line that separates what must exist before the data (types, tables, views,
  /// triggers) from what is better built after it (keys, foreign keys, indexes).
  static let postDataMarker = "-- d2t:post-data"

  /// The whole DDL script, as in the repository's `.sql` file.
  public static func script(for dialect: SQLDialect) -> String {
    switch dialect {
    case .sqlite: return String(decoding: PackageResources.schema_sqlite_sql, as: UTF8.self)
    case .postgresql: return String(decoding: PackageResources.schema_postgres_sql, as: UTF8.self)
    case .mysql: return String(decoding: PackageResources.schema_mysql_sql, as: UTF8.self)
    }
  }

  /// The script split at the post-data marker.
  static func parts(for dialect: SQLDialect) -> (preData: String, postData: String) {
    let script = script(for: dialect)
    guard let marker = script.range(of: postDataMarker) else { return (script, "") }
    return (String(script[..<marker.lowerBound]), String(script[marker.upperBound...]))
  }

  /// The views of the schema (they differ in the two dialects only by
  /// `nicer_but_slower_film_list`, which only PostgreSQL has).
  public static func views(for dialect: SQLDialect) -> [String] {
    let common = [
      "actor_info", "customer_list", "film_list", "sales_by_film_category", "sales_by_store",
      "staff_list",
    ]
    return dialect == .postgresql ? common + ["nicer_but_slower_film_list"] : common
  }

  /// Drops every Sakila object from a PostgreSQL database (and what depends on them).
  static let postgresDropScript = """
    DROP VIEW IF EXISTS \(views(for: .postgresql).joined(separator: ", ")) CASCADE;
    DROP TABLE IF EXISTS \(SakilaTable.tables(for: .postgresql).reversed().map(\.name)
      .joined(separator: ", ")) CASCADE;
    DROP FUNCTION IF EXISTS film_in_stock(integer, integer), film_not_in_stock(integer, integer),
      get_customer_balance(integer, timestamp without time zone),
      inventory_held_by_customer(integer), inventory_in_stock(integer),
      last_day(timestamp without time zone), last_updated() CASCADE;
    DROP AGGREGATE IF EXISTS group_concat(text) CASCADE;
    DROP FUNCTION IF EXISTS _group_concat(text, text) CASCADE;
    DROP DOMAIN IF EXISTS year CASCADE;
    DROP TYPE IF EXISTS mpaa_rating CASCADE;
    """

  /// Drops every Sakila table and view from a MySQL database.
  static let mysqlDropScript = """
    SET FOREIGN_KEY_CHECKS = 0;
    DROP VIEW IF EXISTS \(views(for: .mysql).joined(separator: ", "));
    DROP TABLE IF EXISTS \(SakilaTable.tables(for: .mysql).reversed().map(\.name).joined(separator: ", "));
    SET FOREIGN_KEY_CHECKS = 1;
    """
}
