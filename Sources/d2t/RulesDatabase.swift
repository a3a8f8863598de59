import Qualifiers
import Rules

/// What `d2t rules` needs from a database: the model's names for `check`, and entities
/// and rows as the rules read them for `explain`.
///
/// The rule engine knows no database; `ModelRulesDatabase` adopts this protocol on top of
/// the data access layer and the app's rule objects.
protocol RulesDatabase {
  /// Entity names with their attribute and relationship names.
  var modelNames: ModelNames { get }
  /// The model as rules read it (`model.defaultVisibleEntityNames`).
  var model: any KeyValueReadable { get }
  /// The entity named `name` as rules read it (`entity.name`, `entity.defaultDisplayPropertyKeys`).
  func entity(named name: String) -> (any KeyValueReadable)?
  /// The attribute or relationship `propertyKey` of an entity, as rules read it; nil when
  /// the entity has no such property.
  func property(_ propertyKey: String, ofEntity entity: String) -> RuleProperty?
  /// The row of `entity` whose primary key columns hold `primaryKey`, in key order, as
  /// rules read it; nil when there is no such row.
  func object(ofEntity entity: String, primaryKey: [String], rules: RuleModel) throws -> (any KeyValueReadable)?
}

/// A property as rules read it: `attribute` for a column, `relationship` for a join, and
/// neither for a key path through a relationship (`address.phone`), as in the app.
enum RuleProperty {
  case attribute(any KeyValueReadable)
  case relationship(any KeyValueReadable)
  case keyPath
}

/// Opens the database a `d2t rules` command names.
enum RulesDatabaseOpener {
  /// Connects read-only and reads the model; fails with the data access layer's message
  /// (`SQLite database not found: x.db`).
  static func open(_ database: String) throws -> any RulesDatabase {
    ModelRulesDatabase(try DatabaseTarget.resolving(database).open(readOnly: true))
  }
}

/// A failure of a `d2t rules` command, printed as one line on standard error.
struct RulesCommandError: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}
