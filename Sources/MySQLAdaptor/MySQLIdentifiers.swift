/// Backquoted identifiers in SQL as the server writes it back (a view's stored definition).
enum MySQLIdentifiers {
  /// The names qualified by `database` in `sql`: `` `shop`.`film` `` and
  /// `` `shop`.`film`.`title` `` give `film`. Identifiers are read with their doubled
  /// backquotes; string literals are skipped.
  static func qualifiedNames(in sql: String, database: String) -> [String] {
    var names: [String] = []
    var previous: String?
    var afterDot = false
    var characters = sql.makeIterator()
    var pending = characters.next()
    while let character = pending {
      pending = characters.next()
      switch character {
      case "`":
        var identifier = ""
        while let next = pending {
          pending = characters.next()
          if next == "`" {
            guard pending == "`" else { break }
            pending = characters.next()
          }
          identifier.append(next)
        }
        if afterDot, previous == database { names.append(identifier) }
        previous = afterDot ? nil : identifier
        afterDot = false
      case "." where previous != nil:
        afterDot = true
      case "'", "\"":
        while let next = pending {
          pending = characters.next()
          if next == "\\" {
            pending = characters.next()
          } else if next == character {
            guard pending == character else { break }
            pending = characters.next()
          }
        }
        previous = nil
        afterDot = false
      default:
        previous = nil
        afterDot = false
      }
    }
    return names
  }
}
