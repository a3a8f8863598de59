import Qualifiers
import Rules

/// What `d2t rules` needs from a database: the model's names for `check`, and entities
/// and rows as the rules read them for `explain`.
///
/// The rule engine knows no database; the data access layer adopts this protocol and
/// `RulesDatabaseOpener.open` connects it.
protocol RulesDatabase {
  /// Entity names with their attribute and relationship names.
  var modelNames: ModelNames { get }
  /// The model as rules read it (`model.defaultVisibleEntityNames`).
  var model: any KeyValueReadable { get }
  /// The entity named `name` as rules read it (`entity.name`, `entity.defaultDisplayPropertyKeys`).
  func entity(named name: String) -> (any KeyValueReadable)?
  /// The attribute or relationship `propertyKey` of an entity, as rules read it.
  func property(_ propertyKey: String, ofEntity entity: String) -> (attribute: (any KeyValueReadable)?, relationship: (any KeyValueReadable)?)
  /// The row of `entity` whose primary key is `primaryKey`.
  func object(ofEntity entity: String, primaryKey: String) throws -> (any KeyValueReadable)?
}

/// Opens the database a `d2t rules` command names.
enum RulesDatabaseOpener {
  /// Connecting needs the data access layer's model builder; until it is wired in,
  /// commands that name a database say so instead of guessing.
  static func open(_ database: String) throws -> any RulesDatabase {
    throw RulesCommandError("\(database): reading a database's model for rules is not available in this build yet")
  }
}

/// A failure of a `d2t rules` command, printed as `d2t rules: message`.
struct RulesCommandError: Error, CustomStringConvertible {
  var description: String

  init(_ description: String) {
    self.description = description
  }
}
