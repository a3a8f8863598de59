import Access
import Widgets

/// Database results into page state; results for pages no longer open are dropped.
extension D2TApp {
  mutating func absorb(_ result: WorkResult) {
    switch result {
    case .entityCounts(let counts):
      setEntityCounts(counts, estimated: false)
    case .rows(let pageID, let request, let outcome):
      guard let index = state.index(ofPage: pageID),
        case .query(var query) = state.stack[index].content
      else { return }
      query.loading = nil
      switch outcome {
      case .success(let result):
        let shift = query.window.apply(result, for: request, pageSize: query.pageSize)
        switch request {
        case .first:
          query.table.rows = ScrollState(selected: result.rows.isEmpty ? nil : 0)
        case .last:
          query.table.rows = ScrollState(selected: max(0, result.rows.count - 1), offset: max(0, result.rows.count - 1))
        case .next, .previous:
          if let selected = query.table.rows.selected {
            query.table.rows.selected = max(0, selected - shift)
            query.table.rows.offset = max(0, query.table.rows.offset - shift)
          }
        }
        if request == .first && query.window.atEnd { query.total = query.window.rows.count; query.totalIsEstimate = false }
      case .failure(let error):
        query.message = error.isCancelled ? "Query cancelled (r reloads)" : error.message
      }
      state.stack[index].content = .query(query)
    case .count(let pageID, let outcome):
      guard let index = state.index(ofPage: pageID),
        case .query(var query) = state.stack[index].content
      else { return }
      if case .success(let count) = outcome {
        query.total = count
        query.totalIsEstimate = false
      }
      state.stack[index].content = .query(query)
    case .inspected(let pageID, let outcome):
      guard let index = state.index(ofPage: pageID),
        case .inspect(var inspect) = state.stack[index].content
      else { return }
      inspect.loading = nil
      switch outcome {
      case .success(let data):
        inspect.row = data.row
        inspect.toManyCounts = data.counts
        if data.row == nil {
          inspect.message = "This row no longer exists (deleted by someone else?)"
        }
        inspect.rows = inspect.rows.map { resolvedToOne($0, row: data.row, entityName: inspect.entityName) }
        if let row = data.row, let entity = environment.model[entity: inspect.entityName],
          !state.stack[index].crumb.contains(": ")
        {
          state.stack[index].crumb = RecordTitle.title(of: row, entity: entity)
        }
        if inspect.scroll.selected == nil { inspect.scroll.selected = 0 }
      case .failure(let error):
        inspect.message = error.isCancelled ? "Cancelled (r reloads)" : error.message
      }
      state.stack[index].content = .inspect(inspect)
    case .login(let pageID, let outcome):
      absorbLogin(pageID, outcome)
    default:
      absorbEdit(result)
    }
  }

  /// A to-one row with the key of its related row, read from the fetched key paths.
  func resolvedToOne(_ property: InspectRow, row: Row?, entityName: String) -> InspectRow {
    guard case .toOne(let destination, _) = property.kind, let row,
      let relationship = environment.model[entity: entityName]?[relationship: property.propertyKey]
    else { return property }
    var key: [String: DatabaseValue] = [:]
    for join in relationship.joins {
      guard let value = row[property.propertyKey + "." + join.destination], !value.isNull else {
        var copy = property
        copy.kind = .toOne(destination: destination, key: nil)
        return copy
      }
      key[join.destination] = value
    }
    var copy = property
    copy.kind = .toOne(destination: destination, key: key)
    return copy
  }
}
