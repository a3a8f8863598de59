import Qualifiers

/// The entities d2t made of a database: what every page, rule and fetch refers to.
public struct Model: Hashable, Sendable {
  public private(set) var entities: [Entity]
  private var indexByName: [String: Int]

  public init(entities: [Entity]) {
    self.entities = entities
    indexByName = Dictionary(
      entities.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The entity named `name`, or named by `name` in backquotes (`` `Order Line` ``).
  public subscript(entity name: String) -> Entity? {
    (indexByName[name] ?? Entity.quotedKey(name).flatMap { indexByName[$0] }).map { entities[$0] }
  }

  /// The entity of a table, matched case-insensitively; `schema` nil matches any.
  public func entity(forTable table: String, schema: String? = nil) -> Entity? {
    entities.first {
      $0.table.caseInsensitiveCompare(table) == .orderedSame
        && (schema == nil || $0.schema == schema)
    }
  }
}

/// A table or view as an entity: attributes from columns, relationships from foreign keys.
public struct Entity: Hashable, Sendable {
  /// `Film`, `FilmActor`: cap-camel-cased table name, qualified by schema only on a clash.
  public var name: String
  public var schema: String?
  public var table: String
  public var attributes: [Attribute]
  public var relationships: [Relationship]
  /// Attribute names of the primary key, in key order (empty: rows cannot be identified);
  /// without one, the columns of a unique key that are all NOT NULL.
  public var primaryKey: [String]
  /// Views, tables without a key, and locked tables are read-only.
  public var isReadOnly: Bool
  /// A view (or materialized view) rather than a table: why it is read-only.
  public var isView = false
  /// For a view: the tables its query reads, through other views too (`TableInfo.reads`);
  /// following the view watches them.
  public var viewTables: [TableName] = []
  public var estimatedRowCount: Int64?
  /// Why the connected role cannot read the table; nil when it can.
  public var lockReason: String?
  /// The table's description from the catalog (PostgreSQL `COMMENT ON TABLE`).
  public var comment: String?

  public init(
    name: String, schema: String? = nil, table: String, attributes: [Attribute],
    relationships: [Relationship] = [], primaryKey: [String], isReadOnly: Bool = false,
    estimatedRowCount: Int64? = nil, comment: String? = nil
  ) {
    self.comment = comment
    self.name = name
    self.schema = schema
    self.table = table
    self.attributes = attributes
    self.relationships = relationships
    self.primaryKey = primaryKey
    self.isReadOnly = isReadOnly
    self.estimatedRowCount = estimatedRowCount
  }

  /// The attribute named `name`, or named by `name` as key-path text of one key
  /// (`` `Qty.` `` finds the attribute `Qty.`).
  public subscript(attribute name: String) -> Attribute? {
    attributes.first { $0.name == name } ?? Self.quotedKey(name).flatMap { key in attributes.first { $0.name == key } }
  }

  /// The relationship named `name`, or named by `name` as key-path text of one key.
  public subscript(relationship name: String) -> Relationship? {
    relationships.first { $0.name == name }
      ?? Self.quotedKey(name).flatMap { key in relationships.first { $0.name == key } }
  }

  /// The one key of backquoted key-path text (`` `Qty.` `` → `Qty.`), nil for other text.
  static func quotedKey(_ text: String) -> String? {
    guard text.first == "`" else { return nil }
    let path = PropertyPath(text)
    return path.isSingleKey ? path.first : nil
  }

  public func attribute(forColumn column: String) -> Attribute? {
    attributes.first { $0.column == column }
  }

  /// "Film Actor" for `FilmActor`.
  public var displayName: String { Inflector.displayName(name) }
}

/// A column as an entity property.
public struct Attribute: Hashable, Sendable {
  /// `lastName` for `last_name`; `id` for a single-column primary key.
  public var name: String
  public var column: String
  public var valueType: ValueType
  public var declaredType: String
  public var isNullable: Bool
  public var defaultExpression: String?
  public var isPrimaryKey: Bool
  /// Filled by the database (serial, identity, autoincrement, generated column).
  public var isGenerated: Bool
  public var domainName: String?
  /// Computed by the database, never written: generated columns, identity `ALWAYS`.
  public var isReadOnly = false
  /// The column's description from the catalog (PostgreSQL `COMMENT ON COLUMN`).
  public var comment: String?
  /// A MySQL `SET`'s members: a value is any of them, separated by commas (`''`: none).
  public var setMembers: [String] = []
  /// Each value keeps the storage class it was written with (a SQLite column without a
  /// declared type): a qualifier's number is compared as a number, its text as text, so
  /// that a row's key names that row (`1` and `'1'` are two keys).
  public var keepsStorageClass = false

  /// Why `text` is no value of this `SET` (a member it does not have), or nil.
  public func setProblem(_ text: String) -> String? {
    guard !setMembers.isEmpty, !text.isEmpty else { return nil }
    let unknown = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      .filter { element in !setMembers.contains { $0.caseInsensitiveCompare(element) == .orderedSame } }
    guard let first = unknown.first else { return nil }
    return "'\(first)' is not one of " + setMembers.joined(separator: ", ") + " (any of them, comma-separated)"
  }

  public init(
    name: String, column: String, valueType: ValueType, declaredType: String = "",
    isNullable: Bool = true, defaultExpression: String? = nil, isPrimaryKey: Bool = false,
    isGenerated: Bool = false, domainName: String? = nil, comment: String? = nil
  ) {
    self.comment = comment
    self.name = name
    self.column = column
    self.valueType = valueType
    self.declaredType = declaredType
    self.isNullable = isNullable
    self.defaultExpression = defaultExpression
    self.isPrimaryKey = isPrimaryKey
    self.isGenerated = isGenerated
    self.domainName = domainName
  }

  /// "Last Name" for `lastName`.
  public var displayName: String { Inflector.displayName(name) }

  /// Enum labels for an enumeration attribute.
  public var enumValues: [String] {
    if case .enumeration(_, let values) = valueType { return values }
    return []
  }
}

/// A foreign key seen from either side: to-one from the referencing entity, to-many from
/// the referenced one (to-one when the key is unique: one-to-one). A flattened to-many
/// crosses a join entity (`Film.actors` through `FilmActor`): its joins' destinations are
/// attributes of the join entity, reached from the destination by `destinationPath`
/// (`filmActors`), so `Actor` rows of a film are those with `filmActors.filmId = film.id`.
public struct Relationship: Hashable, Sendable {
  /// One column pair of the join, by attribute name.
  public struct Join: Hashable, Sendable {
    public var source: String
    public var destination: String

    public init(source: String, destination: String) {
      self.source = source
      self.destination = destination
    }
  }

  public var name: String
  public var destination: String
  public var joins: [Join]
  public var isToMany: Bool
  /// A to-one whose source columns are all NOT NULL.
  public var isMandatory: Bool
  public var constraintName: String?
  public var onDelete: ReferentialAction
  /// The side of a foreign key that does not hold its columns (to-manys, and the to-one
  /// back from a unique key): never edited, never in place of an attribute.
  public var isInverse: Bool
  /// Derived from column and table names, not from a declared constraint.
  public var isInferred: Bool
  /// The join entity a flattened many-to-many crosses (`FilmActor`).
  public var flattenedThrough: String?
  /// For a flattened to-many: the to-many from the destination to the join entity
  /// (`["filmActors"]`); empty otherwise.
  public var destinationPath: [String]
  /// For a flattened to-many: the key path it stands for from its source, through the join
  /// entity (`Film.actors` is `filmActors.actor`); empty otherwise.
  public var throughPath: [String] = []
  /// For a flattened to-many: whether members are added and removed through it (a join
  /// table with nothing but the pair); false for one whose join rows carry values of their own.
  public var isMembershipEditable = false

  public init(
    name: String, destination: String, joins: [Join], isToMany: Bool, isMandatory: Bool = false,
    constraintName: String? = nil, onDelete: ReferentialAction = .noAction,
    isInverse: Bool? = nil, isInferred: Bool = false, flattenedThrough: String? = nil,
    destinationPath: [String] = []
  ) {
    self.destinationPath = destinationPath
    self.isInverse = isInverse ?? isToMany
    self.isInferred = isInferred
    self.flattenedThrough = flattenedThrough
    self.name = name
    self.destination = destination
    self.joins = joins
    self.isToMany = isToMany
    self.isMandatory = isMandatory
    self.constraintName = constraintName
    self.onDelete = onDelete
  }

  public var displayName: String { Inflector.displayName(name) }
}
