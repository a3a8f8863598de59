import Access
import Assistant
import Qualifiers
import Rules

/// The options for what had focus, and the value each change gives its rule key.
extension AssistantFeature {
  struct Problem: Error, Hashable {
    var message: String
  }

  static let tasks = ["query", "list", "inspect", "edit"]

  static func options(for request: AssistantRequest, in session: Session) -> [AssistantOption] {
    var options: [AssistantOption] = []
    let entity = session.entity(named: request.entityName)
    func option(
      _ kind: AssistantOption.Kind, _ title: String, key: String, target: RuleTarget, input: AssistantOption.Input,
      value: String? = nil
    ) -> AssistantOption {
      let (current, source) = Session.valueAndSource(key, in: session.context(for: target, row: request.row))
      return AssistantOption(
        kind: kind, title: title, value: value ?? current, source: source, key: key, target: target, input: input)
    }
    if let entity, let key = request.propertyKey, request.kind == .column || request.kind == .field {
      let pageTarget = session.ruleTarget(task: request.task, entityName: entity.name)
      let keys = session.displayPropertyKeys(task: request.task, entity: entity)
      let position = keys.firstIndex(of: key).map { "\($0 + 1) of \(keys.count)" } ?? "hidden"
      let (back, forward) = request.kind == .column ? ("Move left", "Move right") : ("Move up", "Move down")
      options.append(
        option(
          .shown, "Shown", key: "displayPropertyKeys", target: pageTarget, input: .immediate,
          value: keys.contains(key) ? "yes" : "no"))
      options.append(
        option(
          .move(-1), back, key: "displayPropertyKeys", target: pageTarget, input: .immediate,
          value: position))
      options.append(
        option(
          .move(1), forward, key: "displayPropertyKeys", target: pageTarget, input: .immediate,
          value: position))
      let hidden = hiddenKeys(entity, task: request.task, shown: keys)
      options.append(
        option(
          .showOther, "Show another property", key: "displayPropertyKeys", target: pageTarget,
          input: hidden.isEmpty ? .immediate : .choice(hidden, current: ""), value: "\(hidden.count) hidden"))
      let target = session.ruleTarget(task: request.task, entityName: entity.name, propertyKey: key)
      let label = session.context(for: target).string("displayNameForProperty")
      options.append(option(.label, "Label", key: "displayNameForProperty", target: target, input: .text(label)))
      let context = session.context(for: target, row: request.row)
      options.append(
        option(
          .formatter, "Formatter", key: "formatter", target: target,
          input: .choice(["(none)"] + session.registry.formatterNames, current: context.name("formatter") ?? "(none)")))
      options.append(
        option(
          .component, "Component", key: "component", target: target,
          input: .choice(componentNames(task: request.task, in: session), current: context.name("component") ?? "")))
    }
    if let entity, request.kind == .entity {
      let target = session.ruleTarget(task: nil, entityName: entity.name)
      let name = session.context(for: target).string("displayNameForEntity", entity.displayName)
      options.append(
        option(.entityName, "Display name", key: "displayNameForEntity", target: target, input: .text(name)))
      let app = session.ruleTarget(task: nil, entityName: nil)
      let names = visibleEntityNames(in: session)
      let place = names.firstIndex(of: entity.name).map { "\($0 + 1) of \(names.count)" } ?? "not listed"
      options.append(
        option(
          .entityShown, "Listed", key: "visibleEntityNames", target: app, input: .immediate,
          value: names.contains(entity.name) ? "yes" : "no"))
      options.append(
        option(
          .entityPlace(0), "Move to the top", key: "visibleEntityNames", target: app,
          input: .immediate, value: place))
      options.append(
        option(
          .entityPlace(-1), "Move up", key: "visibleEntityNames", target: app, input: .immediate,
          value: place))
      options.append(
        option(
          .entityPlace(1), "Move down", key: "visibleEntityNames", target: app, input: .immediate,
          value: place))
      options.append(option(.entityReadOnly, "Read-only", key: "isEntityReadOnly", target: target, input: .immediate))
      let listTarget = session.ruleTarget(task: .list, entityName: entity.name)
      let sort = session.context(for: listTarget).sortOrderings("sortOrderings").map(\.description)
        .joined(separator: ", ")
      options.append(option(.sort, "Default sort", key: "sortOrderings", target: listTarget, input: .text(sort)))
      let size = session.context(for: listTarget).integer("pageSize") ?? 100
      options.append(option(.pageSize, "Page size", key: "pageSize", target: listTarget, input: .text(String(size))))
    }
    let pageTarget = session.ruleTarget(
      task: request.task, entityName: request.kind == .entity ? request.entityName : entity?.name)
    options.append(
      option(
        .nextTask, "Next task (Enter leads to)", key: "nextTask", target: pageTarget,
        input: .choice(tasks, current: session.context(for: pageTarget).string("nextTask"))))
    var app = session.ruleTarget(task: nil, entityName: nil)
    app.user = nil
    options.append(
      option(
        .firstTask, "First task of the app", key: "firstTask", target: app,
        input: .choice(["query", "login"], current: session.context(for: app).string("firstTask", "query"))))
    return options
  }

  static func visibleEntityNames(in session: Session) -> [String] {
    session.context(task: .query).strings("visibleEntityNames") ?? session.model.entities.map(\.name)
  }

  /// Properties of the entity a page of `task` could show but does not.
  static func hiddenKeys(_ entity: Entity, task: PageTask, shown: [String]) -> [String] {
    PropertyKeys.inspect(entity).filter { !shown.contains($0) }
  }

  static func componentNames(task: PageTask, in session: Session) -> [String] {
    let names = session.registry.componentNames
    return task == .edit ? names.filter { !$0.hasPrefix("Display") } : names.filter { $0.hasPrefix("Display") }
  }

  /// The value of a toggle or a move.
  static func immediateValue(
    _ option: AssistantOption, _ request: AssistantRequest, openedKeys: [String] = [], in session: Session
  ) -> RuleValue? {
    let entity = session.entity(named: request.entityName)
    switch option.kind {
    case .shown:
      guard let entity, let key = request.propertyKey else { return nil }
      var keys = session.displayPropertyKeys(task: request.task, entity: entity)
      if let index = keys.firstIndex(of: key) {
        guard keys.count > 1 else { return nil }  // the page keeps at least one property
        keys.remove(at: index)
      } else if let place = openedKeys.firstIndex(of: key) {
        // Back after the nearest property that was before it and is still shown.
        let before = openedKeys[..<place].last { keys.contains($0) }
        keys.insert(key, at: before.flatMap { keys.firstIndex(of: $0) }.map { $0 + 1 } ?? 0)
      } else {
        keys.append(key)
      }
      return list(keys)
    case .move(let delta):
      guard let entity, let key = request.propertyKey else { return nil }
      return Session.moving(key, by: delta, in: session.displayPropertyKeys(task: request.task, entity: entity)).map(
        list)
    case .entityShown:
      guard let name = request.entityName else { return nil }
      var names = visibleEntityNames(in: session)
      if let index = names.firstIndex(of: name) { names.remove(at: index) } else { names.append(name) }
      return list(names)
    case .entityPlace(let delta):
      guard let name = request.entityName else { return nil }
      var names = visibleEntityNames(in: session)
      guard let index = names.firstIndex(of: name) else { return nil }
      if delta == 0 {
        guard index > 0 else { return nil }
        names.remove(at: index)
        names.insert(name, at: 0)
        return list(names)
      }
      return Session.moving(name, by: delta, in: names).map(list)
    case .entityReadOnly:
      return .bool(!session.context(for: option.target).bool("isEntityReadOnly"))
    default:
      return nil
    }
  }

  /// The value typed for a label, name, sort or page size; a problem says what is wrong.
  static func typedValue(
    _ option: AssistantOption, _ text: String, _ request: AssistantRequest, in session: Session
  )
    -> Result<RuleValue, Problem>
  {
    switch option.kind {
    case .pageSize:
      // What the list uses (it fetches 20 to 1000 rows at a time).
      guard let size = Int(text.trimmingCharacters(in: .whitespaces)), (20...1000).contains(size) else {
        return .failure(Problem(message: "The page size is a whole number of rows, 20 to 1000"))
      }
      return .success(.integer(Int64(size)))
    case .sort:
      let trimmed = text.trimmingCharacters(in: .whitespaces)
      do {
        let orderings = try SortOrdering.parse(trimmed)
        if let entity = session.entity(named: request.entityName),
          let unknown = orderings.first(where: {
            entity[attribute: $0.key.description] == nil && !$0.key.description.contains(".")
          })
        {
          return .failure(Problem(message: "\(entity.name) has no property '\(unknown.key)' to sort by"))
        }
        return .success(.string(trimmed))
      } catch {
        return .failure(Problem(message: "Not a sort: \(error.message) (write e.g. lastName, firstName desc)"))
      }
    default:
      return .success(.string(text))
    }
  }

  /// The value of a chosen name.
  static func chosenValue(
    _ option: AssistantOption, _ name: String, _ request: AssistantRequest, in session: Session
  )
    -> RuleValue
  {
    switch option.kind {
    case .formatter: return name == "(none)" ? .null : .name(name)
    case .component: return .name(name)
    case .showOther:
      guard let entity = session.entity(named: request.entityName) else { return .null }
      var keys = session.displayPropertyKeys(task: request.task, entity: entity)
      let after = request.propertyKey.flatMap { keys.firstIndex(of: $0) }.map { $0 + 1 } ?? keys.count
      keys.insert(name, at: after)
      return list(keys)
    default: return .string(name)
    }
  }

  static func list(_ names: [String]) -> RuleValue {
    .list(names.map { .string($0) })
  }
}
