/// Names as people read them: `film_actor` → `FilmActor`, `last_name` → `lastName`,
/// `lastName` → "Last Name", `city` → `cities`.
public enum Inflector {
  /// `film_actor` → `FilmActor`. Names with uppercase letters are kept as they are.
  public static func entityName(_ table: String) -> String {
    guard table == table.lowercased() else { return table }
    return camelCase(table, capitalizeFirst: true)
  }

  /// `last_name` → `lastName`, `address2` → `address2`. Names with uppercase are kept.
  public static func attributeName(_ column: String) -> String {
    guard column == column.lowercased() else { return column }
    return camelCase(column, capitalizeFirst: false)
  }

  static func camelCase(_ text: String, capitalizeFirst: Bool) -> String {
    var result = ""
    var upperNext = capitalizeFirst
    for character in text {
      if character == "_" || character == " " || character == "-" {
        upperNext = !result.isEmpty || capitalizeFirst
        continue
      }
      // Appended as a string: some letters' uppercase is several characters (`ß` → `SS`,
      // `ﬁ` → `FI`), which is no single `Character`.
      if upperNext { result += character.uppercased() } else { result.append(character) }
      upperNext = false
    }
    return result.isEmpty ? text : result
  }

  /// `lastName` → "Last Name", `FilmActor` → "Film Actor", `customerURL` → "Customer URL",
  /// `address2` → "Address 2", `id` → "ID".
  public static func displayName(_ name: String) -> String {
    if name == "id" { return "ID" }
    var words: [String] = []
    var current = ""
    let characters = Array(name)
    for (index, character) in characters.enumerated() {
      let previous = index > 0 ? characters[index - 1] : nil
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      var boundary = false
      if character == "_" || character == " " {
        if !current.isEmpty { words.append(current) }
        current = ""
        continue
      }
      if let previous {
        if character.isUppercase
          && (previous.isLowercase || previous.isNumber
            || (previous.isUppercase && (next?.isLowercase ?? false)))
        {
          boundary = true
        } else if character.isNumber && previous.isLetter {
          boundary = true
        } else if character.isLetter && previous.isNumber {
          boundary = true
        }
      }
      if boundary && !current.isEmpty {
        words.append(current)
        current = ""
      }
      current.append(character)
    }
    if !current.isEmpty { words.append(current) }
    return words.map { word in
      word == "id" || word == "Id" ? "ID" : word.prefix(1).uppercased() + word.dropFirst()
    }.joined(separator: " ")
  }

  /// `film` → `films`, `city` → `cities`, `address` → `addresses`, `staff` → `staff`.
  public static func pluralize(_ word: String) -> String {
    let lower = word.lowercased()
    for (singular, plural) in irregulars where lower.hasSuffix(singular) {
      let stem = word.dropLast(singular.count)
      let matched = word.suffix(singular.count)
      let replacement =
        matched.first?.isUppercase ?? false
        ? plural.prefix(1).uppercased() + plural.dropFirst() : plural
      return stem + replacement
    }
    if uncountables.contains(where: { lower.hasSuffix($0) }) { return word }
    for (suffix, replacement, keep) in rules where lower.hasSuffix(suffix) {
      return String(word.dropLast(suffix.count - keep)) + replacement
    }
    return word + "s"
  }

  private static let irregulars: [(String, String)] = [
    ("person", "people"), ("child", "children"), ("woman", "women"), ("foot", "feet"),
    ("tooth", "teeth"), ("mouse", "mice"), ("goose", "geese"),
  ]

  private static let uncountables = [
    "staff", "information", "equipment", "series", "species", "news", "data", "metadata",
    "sheep", "fish",
  ]

  /// (suffix, replacement, characters of the suffix kept before the replacement).
  private static let rules: [(String, String, Int)] = [
    ("quy", "quies", 0), ("ay", "ays", 0), ("ey", "eys", 0), ("oy", "oys", 0), ("uy", "uys", 0),
    ("y", "ies", 0), ("matrix", "matrices", 0), ("index", "indices", 0), ("vertex", "vertices", 0),
    ("ch", "es", 2), ("sh", "es", 2), ("ss", "es", 2), ("us", "uses", 0), ("x", "es", 1),
    ("z", "zes", 1), ("sis", "ses", 0), ("fe", "ves", 0), ("lf", "lves", 0), ("s", "", 1),
  ]
}
