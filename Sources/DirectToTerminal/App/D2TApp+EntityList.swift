import Access
import Foundation

/// The entity list: `visibleEntityNames`, labels and row counts.
extension D2TApp {
  func makeEntityList() -> EntityListState {
    let context = environment.context(task: "query")
    let names = context.strings("visibleEntityNames") ?? environment.model.entities.map(\.name)
    let items = names.compactMap { name -> EntityListState.Item? in
      guard let entity = environment.model[entity: name] else { return nil }
      let label = environment.context(task: "query", entity: entity)
        .string("displayNameForEntity", entity.displayName)
      return EntityListState.Item(name: name, label: label)
    }
    return EntityListState(items: items)
  }

  /// Estimates where the catalog has them (PostgreSQL), exact counts in the background
  /// where counting is cheap (SQLite).
  mutating func loadEntityCounts(_ list: EntityListState) {
    let model = environment.model
    let names = list.items.map(\.name)
    let estimates = names.compactMap { name -> (String, Int)? in
      model[entity: name]?.estimatedRowCount.map { (name, Int($0)) }
    }
    if !estimates.isEmpty {
      for index in state.stack.indices {
        guard case .entities(var entities) = state.stack[index].content else { continue }
        for (name, count) in estimates { entities.counts[name] = "~" + grouped(String(count)) }
        state.stack[index].content = .entities(entities)
      }
    }
    guard worker.database.dialect == .sqlite else { return }
    worker.submit(.background) { db in
      var counts: [String: Int] = [:]
      for name in names {
        if let count = try? db.count(FetchSpecification(entityName: name)) { counts[name] = count }
      }
      return .entityCounts(counts)
    }
  }
}
