import Access
import Qualifiers
import Rules

/// Inspectors: one row with every property of `displayPropertyKeys`, to-ones by title,
/// to-manys by count.
extension D2TApp {
  func makeInspect(_ entity: Entity, key: [String: DatabaseValue]) -> InspectState {
    let context = environment.context(task: "inspect", entity: entity)
    let keys = context.strings("displayPropertyKeys") ?? PropertyKeys.inspect(entity)
    let rows = keys.compactMap { key -> InspectRow? in
      let kind: InspectRow.Kind
      if let relationship = entity[relationship: key] {
        kind = relationship.isToMany
          ? .toMany(destination: relationship.destination, joins: relationship.joins)
          : .toOne(destination: relationship.destination, key: nil)
      } else if entity[attribute: key] != nil || key.contains(".") {
        kind = .attribute
      } else {
        return nil
      }
      return InspectRow(
        presentation: presentation(task: "inspect", entity: entity, propertyKey: key, component: "DisplayString"),
        kind: kind)
    }
    return InspectState(
      entityName: entity.name, key: key, rows: rows, hideEmpty: context.bool("hideEmptyProperty", true))
  }

  /// Fetches the row with its to-one titles in one query, then counts each to-many.
  mutating func requestInspect(pageAt index: Int) {
    guard case .inspect(var inspect) = state.stack[index].content,
      let entity = environment.model[entity: inspect.entityName]
    else { return }
    var keyPaths = entity.attributes.map { PropertyPath($0.name) }
    var counts: [(name: String, destination: String, joins: [Relationship.Join])] = []
    for row in inspect.rows {
      switch row.kind {
      case .attribute:
        if !keyPaths.contains(PropertyPath(row.propertyKey)) { keyPaths.append(PropertyPath(row.propertyKey)) }
      case .toOne(let destination, _):
        guard let destinationEntity = environment.model[entity: destination],
          let relationship = entity[relationship: row.propertyKey]
        else { continue }
        for path in RecordTitle.keyPaths(for: destinationEntity) + relationship.joins.map(\.destination) {
          let full = PropertyPath(row.propertyKey + "." + path)
          if !keyPaths.contains(full) { keyPaths.append(full) }
        }
      case .toMany(let destination, let joins):
        counts.append((row.propertyKey, destination, joins))
      }
    }
    let spec = FetchSpecification(
      entityName: entity.name, qualifier: .matching(inspect.key), keyPaths: keyPaths, limit: 1)
    inspect.loading = clock.now
    state.stack[index].content = .inspect(inspect)
    let pageID = state.stack[index].id
    let countJobs = counts
    worker.submit { db in
      .inspected(page: pageID, attempt {
        let row = try db.fetch(spec).rows.first
        var found: [String: Int] = [:]
        guard let row else { return InspectData(row: nil, counts: [:]) }
        for count in countJobs {
          found[count.name] = try db.count(FetchSpecification(
            entityName: count.destination, qualifier: .related(by: count.joins, to: row)))
        }
        return InspectData(row: row, counts: found)
      })
    }
  }

  /// The rows an inspector shows: empty ones hidden when `hideEmptyProperty` says so.
  func visibleInspectRows(_ inspect: InspectState) -> [InspectRow] {
    guard inspect.hideEmpty, let row = inspect.row else { return inspect.rows }
    return inspect.rows.filter { property in
      switch property.kind {
      case .attribute:
        guard let value = row[property.propertyKey] else { return true }
        if case .text(let text) = value { return !text.isEmpty }
        return !value.isNull
      case .toOne(_, let key): return key != nil
      case .toMany: return true
      }
    }
  }
}
