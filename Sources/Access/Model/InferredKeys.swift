/// Foreign keys the schema does not declare but its names do, as WebObjects' reverse
/// engineering read them: a column `author_id` (or `authorId`, `AuthorID`) of a table, no
/// declared key covering it, and a table `author` (or `authors`) whose primary key is one
/// column of a compatible type.
///
/// Only tables get inferred keys (a view's columns name what it shows, not what it refers
/// to); a table's own single-column key never refers to itself; when several tables match,
/// the one in the same schema wins and otherwise nothing is inferred.
enum InferredKeys {
  static func keys(in tables: [TableInfo], index: TableIndex) -> [ResolvedKey] {
    var byName: [String: [Int]] = [:]
    for (position, table) in tables.enumerated() where table.primaryKey.count == 1 {
      byName[normalized(table.name), default: []].append(position)
    }
    var result: [ResolvedKey] = []
    for (source, table) in tables.enumerated() where table.kind == .table {
      let declared = Set(table.foreignKeys.flatMap(\.columns))
      for column in table.columns where !declared.contains(column.name) {
        guard RelationshipNames.hasKeySuffix(column.name) else { continue }
        let stem = normalized(RelationshipNames.strippingKeySuffix(column.name))
        guard !stem.isEmpty else { continue }
        let candidates = Set(
          (byName[stem] ?? []) + (byName[normalized(Inflector.pluralize(stem))] ?? []))
        guard let destination = choose(Array(candidates).sorted(), for: table, in: tables) else { continue }
        let target = tables[destination]
        let keyColumn = target.primaryKey[0]
        if destination == source && table.primaryKey == [column.name] { continue }
        guard let targetColumn = target.columns.first(where: { $0.name == keyColumn }),
          compatible(column.valueType, targetColumn.valueType)
        else { continue }
        result.append(
          ResolvedKey(
            source: source, destination: destination,
            info: ForeignKeyInfo(
              columns: [column.name], destinationSchema: target.schema, destinationTable: target.name,
              destinationColumns: [keyColumn]),
            isInferred: true))
      }
    }
    return result
  }

  /// `film_category`, `FilmCategory` and `filmcategory` are the same name.
  static func normalized(_ name: String) -> String {
    String(name.lowercased().filter { $0.isLetter || $0.isNumber })
  }

  private static func choose(_ candidates: [Int], for table: TableInfo, in tables: [TableInfo]) -> Int? {
    if candidates.count == 1 { return candidates[0] }
    let sameSchema = candidates.filter { tables[$0].schema == table.schema }
    return sameSchema.count == 1 ? sameSchema[0] : nil
  }

  /// Integers of any width match each other; other types match their own kind.
  private static func compatible(_ a: ValueType, _ b: ValueType) -> Bool {
    switch (a, b) {
    case (.integer, .integer), (.text, .text), (.uuid, .uuid), (.decimal, .decimal): return true
    case (.decimal(_, let scale), .integer), (.integer, .decimal(_, let scale)): return (scale ?? 0) == 0
    default: return a == b
    }
  }
}
