import Access
import Foundation

/// What the console tells from a statement's text before running it: whether it only
/// reads, and the one table a simple query reads from.
struct ConsoleStatement: Hashable, Sendable {
  var text: String

  /// The statement with comments and string literals blanked and in lower case, for
  /// keyword tests that quoted text cannot fool.
  var words: String {
    var result = ""
    var characters = Array(text)[...]
    while let first = characters.first {
      if first == "-", characters.dropFirst().first == "-" {
        characters = characters.drop { $0 != "\n" }
        result.append(" ")
      } else if first == "/", characters.dropFirst().first == "*" {
        characters = characters.dropFirst(2)
        while !characters.isEmpty, !(characters.first == "*" && characters.dropFirst().first == "/") {
          characters = characters.dropFirst()
        }
        characters = characters.dropFirst(2)
        result.append(" ")
      } else if first == "'" {
        characters = characters.dropFirst().drop { $0 != "'" }.dropFirst()
        result.append(" '' ")
      } else {
        result.append(contentsOf: first.lowercased())
        characters = characters.dropFirst()
      }
    }
    return result
  }

  /// The first keyword (`select`, `update`…), empty for a blank statement.
  var keyword: String {
    String(words.drop { !$0.isLetter }.prefix { $0.isLetter })
  }

  /// Whether the statement is a query by its text: SELECT, VALUES, TABLE, SHOW, EXPLAIN
  /// without ANALYZE, a WITH whose parts only select, a PRAGMA that sets nothing. Anything
  /// else counts as changing data and asks first; a query that writes after all (a
  /// function with side effects) is refused by the read-only transaction it runs in, and
  /// the console then offers to run it as a change.
  var looksReadOnly: Bool {
    let tokens = Set(words.split { !$0.isLetter && $0 != "_" }.map(String.init))
    switch keyword {
    case "select", "values", "table", "show": return tokens.isDisjoint(with: ["into"])
    case "explain": return !tokens.contains("analyze") && !tokens.contains("analyse")
    case "with": return tokens.isDisjoint(with: ["insert", "update", "delete", "merge"])
    case "pragma": return !words.contains("=")
    default: return false
    }
  }

  /// Whether the statement can be run again as a subquery (`=`/`!`, `F`, `*`): a query that
  /// selects, by its text.
  var runsAsSubquery: Bool {
    ["select", "with", "values", "table"].contains(keyword) && looksReadOnly
  }

  /// Whether the statement could leave the session's database role: `SET ROLE`,
  /// `RESET ROLE`, `SET SESSION AUTHORIZATION`, `RESET ALL`, `DISCARD`, a `DO` block (its
  /// body may run any of them), or `set_config` anywhere (it sets `role` from a query).
  /// Refused while a `databaseRole` is in force.
  var changesSessionRole: Bool {
    let tokens = Set(words.split { !$0.isLetter && $0 != "_" }.map(String.init))
    if tokens.contains("set_config") { return true }
    switch keyword {
    case "set", "reset": return !tokens.isDisjoint(with: ["role", "authorization", "all", "session"])
    case "discard", "do": return true
    default: return false
    }
  }

  /// `(schema, table)` of `select … from table [alias] [where …] [order by …] [limit …]`
  /// reading one table (no join, union, grouping, DISTINCT or subquery); nil otherwise. Only
  /// such a result's rows can be opened as the table's rows.
  var singleTable: (schema: String?, table: String)? {
    let lowered = words
    for word in [" join ", " union ", " group ", " distinct ", "(select", "( select", " intersect ", " except "]
    where lowered.contains(word) {
      return nil
    }
    let name = #"("[^"]+"|`[^`]+`|[A-Za-z_][A-Za-z0-9_$]*)"#
    let pattern =
      #"^\s*select\s+.+?\s+from\s+"# + name + #"(?:\."# + name + #")?"#
      + #"(?:\s+(?:as\s+)?[A-Za-z_][A-Za-z0-9_]*)?\s*(?:(?:where|order|limit|offset|fetch)\b.*)?;?\s*$"#
    guard
      let regex = try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive, .dotMatchesLineSeparators]),
      let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
    else { return nil }
    func group(_ index: Int) -> String? {
      Range(match.range(at: index), in: text).map { String(text[$0]) }
    }
    guard let first = group(1) else { return nil }
    let keywordsAfterTable = ["where", "order", "limit", "offset", "fetch", "as"]
    if keywordsAfterTable.contains(first.lowercased()) { return nil }
    if let second = group(2) { return (Self.unquote(first), Self.unquote(second)) }
    return (nil, Self.unquote(first))
  }

  private static func unquote(_ name: String) -> String {
    if let open = name.first, open == "\"" || open == "`", name.count >= 2 {
      return String(name.dropFirst().dropLast()).replacingOccurrences(of: "\"\"", with: "\"")
    }
    return name
  }

  /// The entity of `singleTable` whose primary key columns are all among `columns`, and
  /// the key of `row` in it; nil when the result cannot be opened as that table's rows.
  func key(of row: Row, in model: Model) -> (entity: Entity, key: [String: DatabaseValue])? {
    guard let (schema, table) = singleTable else { return nil }
    let matches = { (candidate: String, typed: String) in
      candidate == typed || candidate.lowercased() == typed.lowercased()
    }
    guard
      let entity = model.entities.first(where: {
        matches($0.table, table) && (schema == nil || $0.schema.map { matches($0, schema ?? "") } == true)
      }), !entity.primaryKey.isEmpty
    else { return nil }
    var key: [String: DatabaseValue] = [:]
    for name in entity.primaryKey {
      guard let attribute = entity[attribute: name],
        row.columns.filter({ $0 == attribute.column }).count == 1,
        let value = row[attribute.column]
      else { return nil }
      key[name] = value
    }
    return (entity, key)
  }
}
