/// What an adaptor read from a database's catalog, before any naming or modelling.
///
/// Plain values only: `ModelBuilder` turns a catalog into a `Model`. Tests build catalogs
/// by hand to test the builder without a database.
public struct Catalog: Hashable, Sendable, Codable {
  public var tables: [TableInfo]

  public init(tables: [TableInfo]) {
    self.tables = tables
  }

  /// Whether both describe the same tables, columns, keys and comments, whatever their row
  /// estimates (which the server moves after an `ANALYZE` or its statistics' own update).
  public func hasSameSchema(as other: Catalog) -> Bool {
    func withoutEstimates(_ catalog: Catalog) -> [TableInfo] {
      catalog.tables.map { table in
        var table = table
        table.estimatedRowCount = nil
        return table
      }
    }
    return withoutEstimates(self) == withoutEstimates(other)
  }
}

/// A table or view as the catalog describes it.
public struct TableInfo: Hashable, Sendable, Codable {
  public enum Kind: String, Hashable, Sendable, Codable {
    case table
    case view
  }

  /// The schema (PostgreSQL), or nil for SQLite's main database.
  public var schema: String?
  public var name: String
  public var kind: Kind
  public var columns: [ColumnInfo]
  /// Primary-key column names in key order; empty when the table has none.
  public var primaryKey: [String]
  public var foreignKeys: [ForeignKeyInfo]
  /// The catalog's row estimate (PostgreSQL `reltuples`), when there is a cheap one.
  public var estimatedRowCount: Int64?
  /// Column sets that are unique: unique constraints and full (not partial, no expression)
  /// unique indexes, the primary key's among them or not. A table without a primary key is
  /// edited through one whose columns are NOT NULL.
  public var uniqueKeys: [[String]]
  /// Why the connected role cannot read the table (`no SELECT privilege`); nil when it can.
  public var lockReason: String?
  /// The table's description (PostgreSQL `COMMENT ON TABLE`).
  public var comment: String?
  /// For a view: the tables and views its query reads, as the database records them
  /// (PostgreSQL's dependencies of its rewrite rule, the tables MySQL names in its stored
  /// definition); following a view watches them.
  public var reads: [TableName] = []

  public init(
    schema: String? = nil, name: String, kind: Kind = .table, columns: [ColumnInfo],
    primaryKey: [String] = [], foreignKeys: [ForeignKeyInfo] = [], estimatedRowCount: Int64? = nil,
    uniqueKeys: [[String]] = [], comment: String? = nil
  ) {
    self.schema = schema
    self.name = name
    self.kind = kind
    self.columns = columns
    self.primaryKey = primaryKey
    self.foreignKeys = foreignKeys
    self.estimatedRowCount = estimatedRowCount
    self.uniqueKeys = uniqueKeys
    self.comment = comment
  }
}

/// A table or view by name: its schema (nil for SQLite's main database and MySQL's current
/// one) and its name.
public struct TableName: Hashable, Sendable, Codable {
  public var schema: String?
  public var name: String

  public init(schema: String? = nil, _ name: String) {
    self.schema = schema
    self.name = name
  }
}

/// A column as the catalog describes it, with its value type already decided by the adaptor.
public struct ColumnInfo: Hashable, Sendable, Codable {
  public var name: String
  /// The type as declared or formatted by the database: `character varying(45)`,
  /// `DECIMAL(4,2)`, `mpaa_rating`, `text[]`.
  public var declaredType: String
  public var valueType: ValueType
  public var isNullable: Bool
  /// The default as an SQL expression (`nextval('actor_actor_id_seq'::regclass)`, `0`).
  public var defaultExpression: String?
  /// Filled by the database itself: serial, identity, autoincrement or generated.
  public var isGenerated: Bool
  /// The domain the column is declared with (PostgreSQL), e.g. `year`.
  public var domainName: String?
  /// The database computes the value and refuses writes: generated columns
  /// (`GENERATED ALWAYS AS (…)`, SQLite's too) and identity `GENERATED ALWAYS`.
  public var isReadOnly = false
  /// The column's description (PostgreSQL `COMMENT ON COLUMN`).
  public var comment: String?
  /// A MySQL `SET`'s members: a value is any of them, separated by commas.
  public var setMembers: [String] = []
  /// Each value keeps the storage class it was written with (a SQLite column without a
  /// declared type: the integer 1, the real 1.5 and the text '1' are three values).
  public var keepsStorageClass = false

  public init(
    name: String, declaredType: String, valueType: ValueType, isNullable: Bool = true,
    defaultExpression: String? = nil, isGenerated: Bool = false, domainName: String? = nil,
    comment: String? = nil
  ) {
    self.comment = comment
    self.name = name
    self.declaredType = declaredType
    self.valueType = valueType
    self.isNullable = isNullable
    self.defaultExpression = defaultExpression
    self.isGenerated = isGenerated
    self.domainName = domainName
  }
}

/// A foreign key: source columns referencing destination columns, in order.
public struct ForeignKeyInfo: Hashable, Sendable, Codable {
  public var name: String?
  public var columns: [String]
  public var destinationSchema: String?
  public var destinationTable: String
  public var destinationColumns: [String]
  public var onDelete: ReferentialAction

  public init(
    name: String? = nil, columns: [String], destinationSchema: String? = nil,
    destinationTable: String, destinationColumns: [String], onDelete: ReferentialAction = .noAction
  ) {
    self.name = name
    self.columns = columns
    self.destinationSchema = destinationSchema
    self.destinationTable = destinationTable
    self.destinationColumns = destinationColumns
    self.onDelete = onDelete
  }
}

/// What a foreign key does to referencing rows when the referenced row is deleted.
public enum ReferentialAction: String, Hashable, Sendable, Codable {
  case noAction = "no action"
  case restrict
  case cascade
  case setNull = "set null"
  case setDefault = "set default"
}
