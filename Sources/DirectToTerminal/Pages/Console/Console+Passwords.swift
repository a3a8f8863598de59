import Access

/// Password-like values never leave the console: a result column that comes from a
/// password-like column of a table (as the database names its origin: SQLite
/// `sqlite3_column_origin_name`, PostgreSQL `PQftable`/`PQftablecol`), or whose name is
/// password-like when the database names no origin, is shown masked like the lists do;
/// `v`, `y`, `=`/`!` refuse it and `Y`/`x` leave it out — unless a rule
/// `allowsPasswordQueries <= true` allows the table's column.
extension ConsoleFeature {
  static let maskedText = "••••••"

  /// The positions of the result's password-like columns the rules keep hidden.
  static func passwordColumns(_ columns: [ResultColumn], in session: Session) -> Set<Int> {
    Set(columns.indices.filter { isHidden(columns[$0], in: session) })
  }

  static func isHidden(_ column: ResultColumn, in session: Session) -> Bool {
    if let origin = column.origin, let table = origin.table, let name = origin.column {
      if let entity = session.model.entity(forTable: table, schema: origin.schema)
        ?? session.model.entity(forTable: table),
        let attribute = entity.attribute(forColumn: name)
      {
        return attribute.isPassword && !session.allowsPasswordQueries(attribute, of: entity)
      }
      return isPasswordName(name) || isPasswordName(column.name)
    }
    return isPasswordName(column.name)
  }

  /// The names `Attribute.isPassword` takes for passwords (`password`, `passwd`, `pwd`).
  static func isPasswordName(_ name: String) -> Bool {
    let lowered = name.lowercased()
    return lowered.contains("password") || lowered.contains("passwd") || lowered == "pwd"
  }

  /// Why `=`/`!` cannot use a hidden column.
  static func passwordRefusal(_ name: String) -> String {
    "\(name) is password-like: it cannot be used in a filter (a rule 'allowsPasswordQueries <= true' allows it)"
  }
}
