/// Turns a catalog into a model: names, keys, to-one and inverse relationships, inferred
/// keys and flattened many-to-manys.
///
/// Pure and deterministic: the same catalog always gives the same model, whichever
/// database it came from. Naming follows Direct to SwiftUI's Fancyfier without its clashes:
/// every name is unique within its entity and a valid identifier.
public enum ModelBuilder {
  public static func model(from catalog: Catalog) -> Model {
    let tables = catalog.tables.map(withoutRepeatedKeyColumns)
    let index = TableIndex(tables)
    let keys = index.declaredKeys() + InferredKeys.keys(in: tables, index: index)
    let entityNames = uniqueEntityNames(tables)
    // Keys by source table, grouped once: filtering all keys per table is quadratic.
    var keysBySource: [[ResolvedKey]] = Array(repeating: [], count: tables.count)
    for key in keys { keysBySource[key.source].append(key) }
    var entities = tables.indices.map { position in
      entity(
        tables[position], named: entityNames[position],
        yielding: RelationshipNames.attributeNamesYielding(
          to: keysBySource[position], in: tables[position]))
    }
    RelationshipBuilder.addRelationships(keys, tables: tables, to: &entities)
    for position in tables.indices where tables[position].kind == .view {
      entities[position].viewTables = index.baseTables(of: position)
    }
    return Model(entities: entities)
  }

  // MARK: - Entities and attributes

  /// `yielding` maps a column to the attribute name it takes because its to-one takes the
  /// plain one (`reports_to` → `reportsToId`, as the to-one is `reportsTo`).
  private static func entity(
    _ table: TableInfo, named name: String, yielding: [String: String]
  )
    -> Entity
  {
    let singleKey = table.primaryKey.count == 1 ? table.primaryKey[0] : nil
    var used = Set<String>()
    var attributes: [Attribute] = []
    let keyNameIsFree = !table.columns.contains { $0.name != singleKey && $0.name == "id" }
    for column in table.columns {
      var attributeName = yielding[column.name] ?? Inflector.attributeName(column.name)
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
        domainName: column.domainName, comment: column.comment)
      attribute.isReadOnly = column.isReadOnly
      attribute.setMembers = column.setMembers
      attribute.keepsStorageClass = column.keepsStorageClass
      attributes.append(attribute)
    }
    let primaryKey = rowKey(of: table).compactMap { column in
      attributes.first { $0.column == column }?.name
    }
    var entity = Entity(
      name: name, schema: table.schema, table: table.name, attributes: attributes,
      primaryKey: primaryKey,
      isReadOnly: table.kind == .view || primaryKey.isEmpty || table.lockReason != nil,
      estimatedRowCount: table.estimatedRowCount, comment: table.comment)
    entity.lockReason = table.lockReason
    entity.isView = table.kind == .view
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

  /// The table with each key naming a column once: a key that names one twice (PostgreSQL
  /// `UNIQUE (a, a)`, SQLite `FOREIGN KEY (a, a)`, a MySQL index and foreign key of one name
  /// read as one) is the same key with it once. A foreign key keeps a column pair only when
  /// neither column is in an earlier pair, so its joins map each source and each
  /// destination column once (`(a, a)` to `(x, y)` joins `a` to `x`).
  static func withoutRepeatedKeyColumns(_ table: TableInfo) -> TableInfo {
    // Most keys have one column: no set is built for them (this runs for every table at start).
    func repeats(_ columns: [String]) -> Bool { columns.count > 1 && Set(columns).count < columns.count }
    let needed =
      repeats(table.primaryKey) || table.uniqueKeys.contains(where: repeats)
      || table.foreignKeys.contains { repeats($0.columns) || repeats($0.destinationColumns) }
    guard needed else { return table }
    var table = table
    table.primaryKey = onceEach(table.primaryKey)
    table.uniqueKeys = table.uniqueKeys.map(onceEach)
    table.foreignKeys = table.foreignKeys.map { key in
      // Unequal lists are no key at all: `declaredKeys` leaves them out as they are.
      guard key.columns.count == key.destinationColumns.count else { return key }
      var key = key
      var sources = Set<String>()
      var destinations = Set<String>()
      var pairs: [(String, String)] = []
      for (source, destination) in zip(key.columns, key.destinationColumns)
      where !sources.contains(source) && !destinations.contains(destination) {
        sources.insert(source)
        destinations.insert(destination)
        pairs.append((source, destination))
      }
      key.columns = pairs.map(\.0)
      key.destinationColumns = pairs.map(\.1)
      return key
    }
    return table
  }

  /// `columns` in order, each the first time only.
  private static func onceEach(_ columns: [String]) -> [String] {
    var seen = Set<String>()
    return columns.filter { seen.insert($0).inserted }
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
}

/// A foreign key resolved to table positions: declared, or inferred from names.
struct ResolvedKey {
  var source: Int
  var destination: Int
  var info: ForeignKeyInfo
  var isInferred: Bool
}

/// Finds tables by schema and name.
struct TableIndex {
  let tables: [TableInfo]
  private let byKey: [Key: Int]

  private struct Key: Hashable {
    var schema: String?
    var name: String
  }

  init(_ tables: [TableInfo]) {
    self.tables = tables
    byKey = Dictionary(
      tables.enumerated().map { (Key(schema: $1.schema, name: $1.name), $0) },
      uniquingKeysWith: { first, _ in first })
  }

  /// The table a key points to: exact schema and name, else the name in any case.
  func position(of table: String, schema: String?) -> Int? {
    byKey[Key(schema: schema, name: table)]
      ?? tables.firstIndex { $0.name.caseInsensitiveCompare(table) == .orderedSame }
  }

  /// The tables a view reads, through the views it reads, each once; a name the catalog
  /// does not list (another schema, no privilege) is kept as the view names it.
  func baseTables(of view: Int) -> [TableName] {
    var seen: Set<Int> = [view]
    var pending = [view]
    var found: [TableName] = []
    var unlisted: [TableName] = []
    while let next = pending.popLast() {
      for name in tables[next].reads {
        guard let position = byKey[Key(schema: name.schema, name: name.name)] else {
          if !unlisted.contains(name) { unlisted.append(name) }
          continue
        }
        guard seen.insert(position).inserted else { continue }
        if tables[position].kind == .view {
          pending.append(position)
        } else {
          found.append(TableName(schema: tables[position].schema, tables[position].name))
        }
      }
    }
    return found + unlisted
  }

  /// Every declared foreign key whose destination is in the catalog.
  func declaredKeys() -> [ResolvedKey] {
    tables.enumerated().flatMap { source, table in
      table.foreignKeys.compactMap { key -> ResolvedKey? in
        guard let destination = position(of: key.destinationTable, schema: key.destinationSchema ?? table.schema),
          key.columns.count == key.destinationColumns.count, !key.columns.isEmpty
        else { return nil }
        return ResolvedKey(source: source, destination: destination, info: key, isInferred: false)
      }
    }
  }
}
