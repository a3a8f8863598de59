/// How relationships are named: a to-one after its foreign-key column (`reports_to` →
/// `reportsTo`, `language_id` → `language`), else after its destination; an inverse after
/// its source entity (`employees`, `employeesByReportsTo`); a flattened to-many after the
/// far to-one (`actors`). Every name is a valid identifier, unique in its entity.
enum RelationshipNames {
  /// The name a to-one takes from its columns, or nil when they give nothing usable. One
  /// column: that column minus a trailing `_id`/`Id`/`ID`. Several: the one column whose
  /// name differs from the column it references (`manager_id` in `(tenant_id, manager_id)`).
  static func columnDerivedName(_ key: ForeignKeyInfo) -> String? {
    var columns = key.columns
    if columns.count > 1 {
      columns = zip(key.columns, key.destinationColumns).filter { $0 != $1 }.map(\.0)
    }
    guard columns.count == 1 else { return nil }
    return identifier(strippingKeySuffix(columns[0]))
  }

  /// `author_id` → `author`, `AuthorID` → `Author`, `authorId` → `author`, `Order ID` →
  /// `Order` (northwind's names); `UUID` and
  /// `paid` stay as they are (only a suffix after a word counts).
  static func strippingKeySuffix(_ column: String) -> String {
    for suffix in ["_id", "_ID", "_Id", " id", " ID", " Id", "-id", "-ID"]
    where column.hasSuffix(suffix) && column.count > suffix.count {
      return String(column.dropLast(suffix.count))
    }
    for suffix in ["Id", "ID"] where column.hasSuffix(suffix) && column.count > suffix.count {
      let before = column.dropLast(suffix.count).last
      if before?.isLowercase == true || before?.isNumber == true {
        return String(column.dropLast(suffix.count))
      }
    }
    return column
  }

  /// Whether the column name ends in a key suffix (`_id`, `Id`, `ID`).
  static func hasKeySuffix(_ column: String) -> Bool {
    strippingKeySuffix(column) != column
  }

  /// Lower camel case of the letters and digits of `text` (`ship via` → `shipVia`,
  /// `ShipVia` → `shipVia`, `CUSTOMER` → `customer`); nil when nothing usable is left or it
  /// would start with a digit.
  static func identifier(_ text: String) -> String? {
    if text.utf8.allSatisfy({ $0 < 0x80 }) { return ASCIIName.identifier(text) }
    var words: [String] = []
    var current = ""
    for character in text {
      if character.isLetter || character.isNumber {
        current.append(character)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    guard let first = words.first, first.first?.isLetter == true else { return nil }
    return decapitalize(first) + words.dropFirst().map(capitalize).joined()
  }

  /// The attribute names that give way to a to-one taking their plain name: `reports_to`
  /// becomes `reportsToId` when the to-one is `reportsTo`.
  static func attributeNamesYielding(to keys: [ResolvedKey], in table: TableInfo) -> [String: String] {
    var result: [String: String] = [:]
    guard !keys.isEmpty else { return result }
    let plain = Set(table.columns.map { Inflector.attributeName($0.name) })
    for key in keys {
      guard let name = columnDerivedName(key.info) else { continue }
      for column in key.info.columns where Inflector.attributeName(column) == name {
        var renamed = name + "Id"
        var suffix = 2
        while plain.contains(renamed) {
          renamed = name + "Id" + String(suffix)
          suffix += 1
        }
        result[column] = renamed
      }
    }
    return result
  }

  /// Candidates for a to-one, best first.
  static func toOneCandidates(_ key: ForeignKeyInfo, destination: String) -> [String] {
    let destinationName = identifier(destination) ?? "relationship"
    if let derived = columnDerivedName(key) {
      return [derived, destinationName, derived + "Object"]
    }
    let columns = key.columns.compactMap { identifier(strippingKeySuffix($0)) }.map(capitalize)
    return [destinationName, destinationName + "By" + columns.joined()]
  }

  /// The first candidate no attribute or relationship of `entity` uses, else the first
  /// with a number.
  static func unique(_ candidates: [String], in entity: Entity, also: [String] = []) -> String {
    let used = Set(entity.attributes.map(\.name) + entity.relationships.map(\.name) + also)
    if let free = candidates.first(where: { !used.contains($0) }) { return free }
    let base = candidates.first ?? "relationship"
    var suffix = 2
    while used.contains(base + String(suffix)) { suffix += 1 }
    return base + String(suffix)
  }

  /// `FilmActor` → `filmActor`, `URLPath` → `urlPath`, `CUSTOMER` → `customer`.
  static func decapitalize(_ name: String) -> String {
    guard let first = name.first else { return name }
    let leadingUpper = name.prefix { $0.isUppercase }
    if leadingUpper.count == name.count && name.count > 1 { return name.lowercased() }
    if leadingUpper.count > 1 {
      return leadingUpper.dropLast().lowercased() + name.dropFirst(leadingUpper.count - 1)
    }
    return first.lowercased() + name.dropFirst()
  }

  static func capitalize(_ name: String) -> String {
    (name.first.map { $0.uppercased() } ?? "") + name.dropFirst()
  }
}
