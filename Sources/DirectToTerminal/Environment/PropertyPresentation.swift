import Access
import Rules

/// How the rules present one property in a task: its label, component, formatter and the
/// text for a missing value. Lists, inspectors and editors all read it the same way.
struct PropertyPresentation: Hashable {
  var propertyKey: String
  var label: String
  var component: String
  var formatter: String?
  var displayStringForNil: String
}

extension D2TApp {
  func presentation(task: String, entity: Entity, propertyKey key: String, component fallback: String)
    -> PropertyPresentation
  {
    let context = environment.context(task: task, entity: entity, propertyKey: key)
    return PropertyPresentation(
      propertyKey: key,
      label: context.string("displayNameForProperty", Inflector.displayName(key)),
      component: context.name("component") ?? fallback, formatter: context.name("formatter"),
      displayStringForNil: context.string("displayStringForNil", "-"))
  }

  /// What a display component gets to know about the property it draws.
  func componentContext(_ presentation: PropertyPresentation, entity: Entity, isDetail: Bool)
    -> ComponentContext
  {
    ComponentContext(
      attribute: entity[attribute: presentation.propertyKey],
      relationship: entity[relationship: presentation.propertyKey],
      formatter: presentation.formatter.flatMap(registry.formatter(named:)),
      displayStringForNil: presentation.displayStringForNil, isDetail: isDetail)
  }
}
