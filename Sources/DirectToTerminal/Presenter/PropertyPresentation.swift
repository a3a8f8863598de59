import Access
import Qualifiers
import Rules

/// How the rules present one property in a task: its label, component, formatter and the
/// text for a missing value. Lists, inspectors and editors all read it the same way.
public struct PropertyPresentation: Hashable, Sendable {
  public var propertyKey: String
  public var label: String
  public var component: String
  public var formatter: String?
  public var displayStringForNil: String
}

extension Session {
  func presentation(
    task: PageTask, entity: Entity, propertyKey key: String, component fallback: String
  ) -> PropertyPresentation {
    let context = context(task: task, entity: entity, propertyKey: key)
    return PropertyPresentation(
      propertyKey: key,
      label: context.string(
        "displayNameForProperty", Inflector.displayName(PropertyPath(key).components.joined(separator: " "))),
      component: context.name("component") ?? fallback, formatter: context.name("formatter"),
      displayStringForNil: context.string("displayStringForNil", "-"))
  }

  /// What a display component gets to know about the property it draws.
  func componentContext(
    _ presentation: PropertyPresentation, entity: Entity, isDetail: Bool
  )
    -> ComponentContext
  {
    ComponentContext(
      attribute: entity[attribute: presentation.propertyKey],
      relationship: entity[relationship: presentation.propertyKey],
      formatter: presentation.formatter.flatMap(registry.formatter(named:)),
      displayStringForNil: presentation.displayStringForNil, isDetail: isDetail)
  }

  /// A property's label in the edit task (for messages about fields).
  func label(of propertyKey: String, in entity: Entity) -> String {
    context(task: .edit, entity: entity, propertyKey: propertyKey)
      .string(
        "displayNameForProperty", Inflector.displayName(PropertyPath(propertyKey).components.joined(separator: " ")))
  }

  /// The primary key values of a row; empty when the entity has none or the row lacks them.
  func primaryKey(of row: Row, entity: Entity) -> [String: DatabaseValue] {
    entity.key(of: row)
  }

  /// What identifies a row shown by a following pane: its primary key, or — for a list
  /// without one (a view) — all its values, so a refresh marks only the rows whose values
  /// differ instead of every row.
  func followKey(of row: Row, entity: Entity) -> [String: DatabaseValue] {
    let key = primaryKey(of: row, entity: entity)
    return key.isEmpty ? row.dictionary : key
  }

  /// The user as rules read it.
  func userObject() -> RecordObject? {
    guard let user, let entity = model[entity: user.entityName] else { return nil }
    return RecordObject(entity: entity, row: user.row)
  }
}

extension Entity {
  /// The primary key values of a row; empty when the entity has none or the row lacks them.
  func key(of row: Row) -> [String: DatabaseValue] {
    let pairs = primaryKey.compactMap { name in row[name].map { (name, $0) } }
    guard !pairs.isEmpty, pairs.count == primaryKey.count else { return [:] }
    // A key naming a column twice is the same key once (the model takes each once too).
    return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
  }
}
