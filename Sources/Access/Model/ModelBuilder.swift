/// Turns a catalog into a model: names, keys, to-one and inverse to-many relationships.
///
/// Pure and deterministic: the same catalog always gives the same model, whichever
/// database it came from. Naming follows Direct to SwiftUI's Fancyfier without its clashes:
/// every name is unique within its entity.
public enum ModelBuilder {
  public static func model(from catalog: Catalog) -> Model {
    let tables = catalog.tables
    let entityNames = uniqueEntityNames(tables)
    var entities = zip(tables, entityNames).map { table, name in entity(table, named: name) }
    let indexByTable = Dictionary(
      tables.enumerated().map { (TableKey($1.schema, $1.name), $0) },
      uniquingKeysWith: { first, _ in first })

    var inverses: [[PendingInverse]] = Array(repeating: [], count: entities.count)
    for (sourceIndex, table) in tables.enumerated() {
      for key in table.foreignKeys {
        let destinationKey = TableKey(key.destinationSchema ?? table.schema, key.destinationTable)
        guard let destinationIndex = indexByTable[destinationKey]
          ?? indexByTable.first(where: {
            $0.key.name.caseInsensitiveCompare(key.destinationTable) == .orderedSame
          })?.value
        else { continue }
        let source = entities[sourceIndex]
        let destination = entities[destinationIndex]
        let joins = zip(key.columns, key.destinationColumns).compactMap { from, to in
          source.attribute(forColumn: from).flatMap { sourceAttribute in
            destination.attribute(forColumn: to).map {
              Relationship.Join(source: sourceAttribute.name, destination: $0.name)
            }
          }
        }
        guard joins.count == key.columns.count, !joins.isEmpty else { continue }
        let toOneName = uniqueName(
          toOneCandidates(joins: joins, destination: destination.name),
          in: entities[sourceIndex])
        let mandatory = joins.allSatisfy { source[attribute: $0.source]?.isNullable == false }
        entities[sourceIndex].relationships.append(Relationship(
          name: toOneName, destination: destination.name, joins: joins, isToMany: false,
          isMandatory: mandatory, constraintName: key.name, onDelete: key.onDelete))
        inverses[destinationIndex].append(PendingInverse(
          source: source.name, toOneName: toOneName, joins: joins, constraintName: key.name,
          onDelete: key.onDelete))
      }
    }
    for (index, pending) in inverses.enumerated() {
      sortToOnes(&entities[index])
      addInverses(pending, to: &entities[index])
    }
    return Model(entities: entities)
  }

  // MARK: - Entities and attributes

  private static func entity(_ table: TableInfo, named name: String) -> Entity {
    let singleKey = table.primaryKey.count == 1 ? table.primaryKey[0] : nil
    var used = Set<String>()
    var attributes: [Attribute] = []
    let keyNameIsFree = !table.columns.contains { $0.name != singleKey && $0.name == "id" }
    for column in table.columns {
      var attributeName = Inflector.attributeName(column.name)
      if column.name == singleKey && keyNameIsFree { attributeName = "id" }
      if used.contains(attributeName) { attributeName = column.name }
      var suffix = 2
      let base = attributeName
      while used.contains(attributeName) {
        attributeName = base + String(suffix)
        suffix += 1
      }
      used.insert(attributeName)
      var attribute = Attribute(
        name: attributeName, column: column.name, valueType: column.valueType,
        declaredType: column.declaredType, isNullable: column.isNullable,
        defaultExpression: column.defaultExpression,
        isPrimaryKey: table.primaryKey.contains(column.name), isGenerated: column.isGenerated,
        domainName: column.domainName)
      attribute.isReadOnly = column.isReadOnly
      attributes.append(attribute)
    }
    let primaryKey = rowKey(of: table).compactMap { column in
      attributes.first { $0.column == column }?.name
    }
    var entity = Entity(
      name: name, schema: table.schema, table: table.name, attributes: attributes,
      primaryKey: primaryKey,
      isReadOnly: table.kind == .view || primaryKey.isEmpty || table.lockReason != nil,
      estimatedRowCount: table.estimatedRowCount)
    entity.lockReason = table.lockReason
    return entity
  }

  /// The primary key, else the shortest unique key whose columns are all NOT NULL (a
  /// nullable column would let two rows share a key).
  static func rowKey(of table: TableInfo) -> [String] {
    guard table.primaryKey.isEmpty else { return table.primaryKey }
    let notNull = Set(table.columns.filter { !$0.isNullable }.map(\.name))
    return table.uniqueKeys.filter { !$0.isEmpty && $0.allSatisfy(notNull.contains) }
      .min { $0.count < $1.count } ?? []
  }

  /// Cap-camel-cased table names; where two schemas give the same name, the one outside
  /// `public` is prefixed with its schema (`Order` and `ArchiveOrder`).
  private static func uniqueEntityNames(_ tables: [TableInfo]) -> [String] {
    let plain = tables.map { Inflector.entityName($0.name) }
    var counts: [String: Int] = [:]
    for name in plain { counts[name, default: 0] += 1 }
    var used = Set<String>()
    return zip(tables, plain).map { table, name in
      var result = name
      if counts[name, default: 0] > 1, let schema = table.schema, schema != "public" {
        result = Inflector.entityName(schema.lowercased()) + name
      }
      let base = result
      var suffix = 2
      while used.contains(result) {
        result = base + String(suffix)
        suffix += 1
      }
      used.insert(result)
      return result
    }
  }

  // MARK: - Relationships

  private struct TableKey: Hashable {
    var schema: String?
    var name: String
    init(_ schema: String?, _ name: String) {
      self.schema = schema
      self.name = name
    }
  }

  private struct PendingInverse {
    var source: String
    var toOneName: String
    var joins: [Relationship.Join]
    var constraintName: String?
    var onDelete: ReferentialAction
  }

  /// `languageId` → `language`; a compound key or a key named `id` → the destination's name.
  private static func toOneCandidates(joins: [Relationship.Join], destination: String)
    -> [String]
  {
    let destinationName = decapitalize(destination)
    if joins.count == 1 {
      let attribute = joins[0].source
      for suffix in ["Id", "ID", "_id"] where attribute.hasSuffix(suffix) {
        let stripped = String(attribute.dropLast(suffix.count))
        if !stripped.isEmpty { return [stripped, destinationName, attribute + "Object"] }
      }
      return [destinationName, attribute + "Object"]
    }
    return [destinationName, destinationName + "By" + joins.map { capitalize($0.source) }.joined()]
  }

  /// To-one relationships in the order of their first column.
  private static func sortToOnes(_ entity: inout Entity) {
    let position = Dictionary(
      entity.attributes.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
    entity.relationships.sort { a, b in
      (position[a.joins.first?.source ?? ""] ?? 0) < (position[b.joins.first?.source ?? ""] ?? 0)
    }
  }

  /// `Language` gets `films` (from `language_id`) and `filmsByOriginalLanguage`.
  private static func addInverses(_ pending: [PendingInverse], to entity: inout Entity) {
    let natural = pending.enumerated().sorted { a, b in
      let aNatural = a.element.toOneName == decapitalize(entity.name)
      let bNatural = b.element.toOneName == decapitalize(entity.name)
      if aNatural != bNatural { return aNatural }
      return a.offset < b.offset
    }
    var seenPlain = Set<String>()
    var created: [(Int, Relationship)] = []
    for (offset, inverse) in natural {
      let plain = Inflector.pluralize(decapitalize(inverse.source))
      var candidates = [plain + "By" + capitalize(inverse.toOneName)]
      if !seenPlain.contains(plain) { candidates.insert(plain, at: 0) }
      seenPlain.insert(plain)
      let name = uniqueName(candidates, in: entity, also: created.map(\.1.name))
      created.append((offset, Relationship(
        name: name, destination: inverse.source,
        joins: inverse.joins.map { Relationship.Join(source: $0.destination, destination: $0.source) },
        isToMany: true, constraintName: inverse.constraintName, onDelete: inverse.onDelete)))
    }
    entity.relationships += created.sorted { $0.0 < $1.0 }.map(\.1)
  }

  /// The first candidate no attribute or relationship of `entity` uses, else the first
  /// with a number.
  private static func uniqueName(_ candidates: [String], in entity: Entity, also: [String] = [])
    -> String
  {
    let used = Set(entity.attributes.map(\.name) + entity.relationships.map(\.name) + also)
    if let free = candidates.first(where: { !used.contains($0) }) { return free }
    let base = candidates.first ?? "relationship"
    var suffix = 2
    while used.contains(base + String(suffix)) { suffix += 1 }
    return base + String(suffix)
  }

  private static func decapitalize(_ name: String) -> String {
    guard let first = name.first else { return name }
    let leadingUpper = name.prefix { $0.isUppercase }
    if leadingUpper.count > 1 && leadingUpper.count < name.count {
      return leadingUpper.dropLast().lowercased() + name.dropFirst(leadingUpper.count - 1)
    }
    return first.lowercased() + name.dropFirst()
  }

  private static func capitalize(_ name: String) -> String {
    (name.first.map { $0.uppercased() } ?? "") + name.dropFirst()
  }
}
