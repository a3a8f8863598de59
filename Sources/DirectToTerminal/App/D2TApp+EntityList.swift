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

  /// Shows row counts in every entity list (`~1,000` for estimates).
  mutating func setEntityCounts(_ counts: [String: Int], estimated: Bool) {
    for index in state.stack.indices {
      guard case .entities(var list) = state.stack[index].content else { continue }
      for (name, count) in counts { list.counts[name] = (estimated ? "~" : "") + grouped(String(count)) }
      state.stack[index].content = .entities(list)
    }
  }

  /// Estimates where the catalog has them (PostgreSQL), exact counts in the background
  /// where counting is cheap (SQLite).
  mutating func loadEntityCounts(_ list: EntityListState) {
    let model = environment.model
    let names = list.items.map(\.name)
    let estimates = names.compactMap { name -> (String, Int)? in
      model[entity: name]?.estimatedRowCount.map { (name, Int($0)) }
    }
    setEntityCounts(Dictionary(estimates, uniquingKeysWith: { a, _ in a }), estimated: true)
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
