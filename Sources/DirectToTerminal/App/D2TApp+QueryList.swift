import Access
import Qualifiers
import Rules
import TerminalCore
import Widgets

/// Query lists: columns from rules, keyset paging, search, filter and sort in SQL.
extension D2TApp {
  func makeQueryList(_ entity: Entity, baseQualifier: Qualifier?) -> QueryListState {
    let context = environment.context(task: "list", entity: entity)
    let pageSize = max(20, min(1000, context.integer("pageSize") ?? 100))
    return QueryListState(
      entityName: entity.name, columns: listColumns(entity, task: "list"),
      baseQualifier: baseQualifier, sort: context.sortOrderings("sortOrderings"), pageSize: pageSize)
  }

  /// One column per `displayPropertyKeys` entry, labelled, formatted and aligned by rules.
  func listColumns(_ entity: Entity, task: String) -> [ListColumn] {
    let keys = environment.context(task: task, entity: entity).strings("displayPropertyKeys")
      ?? PropertyKeys.list(entity)
    return keys.compactMap { key in
      let kind: ListColumn.Kind
      if let relationship = entity[relationship: key] {
        if relationship.isToMany {
          kind = .toMany
        } else {
          guard let destination = environment.model[entity: relationship.destination] else { return nil }
          kind = .toOne(titlePaths: RecordTitle.keyPaths(for: destination), destination: destination.name)
        }
      } else if entity[attribute: key] != nil || key.contains(".") {
        kind = .attribute
      } else {
        return nil
      }
      let presentation = presentation(task: task, entity: entity, propertyKey: key, component: "DisplayString")
      let sample = registry.component(named: presentation.component).display(
        .value(.integer(0)), in: ComponentContext())
      return ListColumn(presentation: presentation, kind: kind, alignment: sample.alignment)
    }
  }

  /// The fetch for a list: its columns' key paths, qualifier and sort.
  func fetchSpecification(_ query: QueryListState) -> FetchSpecification {
    var keyPaths: [PropertyPath] = []
    for column in query.columns {
      for path in column.keyPaths where !keyPaths.contains(PropertyPath(path)) {
        keyPaths.append(PropertyPath(path))
      }
    }
    return FetchSpecification(
      entityName: query.entityName, qualifier: query.qualifier, sortOrderings: query.sort,
      keyPaths: keyPaths, limit: query.pageSize)
  }

  mutating func requestRows(_ request: RowRequest, pageAt index: Int) {
    guard case .query(var query) = state.stack[index].content else { return }
    var spec = fetchSpecification(query)
    switch request {
    case .first: spec.position = .start
    case .last: spec.position = .end
    case .next:
      guard let last = query.window.rows.last, !query.window.atEnd else { return }
      spec.position = .after(query.window.pageKey(of: last))
    case .previous:
      guard let first = query.window.rows.first, !query.window.atStart else { return }
      spec.position = .before(query.window.pageKey(of: first))
    }
    if let loading = query.loading, loading.request == request { return }
    query.loading = (request, clock.now)
    query.message = nil
    state.stack[index].content = .query(query)
    let pageID = state.stack[index].id
    let fetch = spec
    worker.submit { db in .rows(page: pageID, request: request, attempt { try db.fetch(fetch) }) }
  }

  mutating func requestCount(pageAt index: Int) {
    guard case .query(var query) = state.stack[index].content else { return }
    let spec = fetchSpecification(query)
    if query.qualifier == nil, let estimate = environment.model[entity: query.entityName]?.estimatedRowCount,
      estimate > 100_000
    {
      query.total = Int(estimate)
      query.totalIsEstimate = true
      state.stack[index].content = .query(query)
      return
    }
    let pageID = state.stack[index].id
    worker.submit(.background) { db in .count(page: pageID, attempt { try db.count(spec) }) }
  }

  /// Moves the selection; near the window's edge, fetches the neighbouring page.
  mutating func navigateQuery(_ move: NavigationAction, pageSize: Int) {
    let index = state.focus
    guard case .query(var query) = state.stack[index].content else { return }
    switch move {
    case .top:
      query.table.rows = ScrollState()
      state.stack[index].content = .query(query)
      if !query.window.atStart { requestRows(.first, pageAt: index) }
      return
    case .bottom:
      state.stack[index].content = .query(query)
      if query.window.atEnd {
        query.table.rows.selected = max(0, query.window.rows.count - 1)
        state.stack[index].content = .query(query)
      } else {
        requestRows(.last, pageAt: index)
      }
      return
    case .left, .right:
      moveColumn(by: move == .left ? -1 : 1)
      return
    default:
      break
    }
    query.table.apply(move, rowCount: query.window.rows.count, columnCount: query.columns.count, pageSize: pageSize)
    state.stack[index].content = .query(query)
    let selected = query.table.rows.selected ?? 0
    let margin = max(pageSize, 10)
    if selected >= query.window.rows.count - margin { requestRows(.next, pageAt: index) }
    if selected < margin { requestRows(.previous, pageAt: index) }
  }

  mutating func moveColumn(by delta: Int) {
    guard case .query(var query) = state.focusedPage?.content, !query.columns.isEmpty else { return }
    let current = query.table.selectedColumn ?? 0
    query.table.selectedColumn = max(0, min(query.columns.count - 1, current + delta))
    state.stack[state.focus].content = .query(query)
  }

  /// `s`/`S`: sort by the focused column in SQL, primary key as tiebreak.
  mutating func sortByFocusedColumn(ascending: Bool) {
    guard case .query(var query) = state.focusedPage?.content,
      let column = query.table.selectedColumn, query.columns.indices.contains(column),
      let path = query.columns[column].sortKeyPath
    else { return }
    query.sort = [SortOrdering(PropertyPath(path), ascending ? .ascending : .descending)]
    query.table.rows = ScrollState()
    state.stack[state.focus].content = .query(query)
    requestRows(.first, pageAt: state.focus)
  }

  // MARK: - Search and filter input

  mutating func beginInput(_ kind: InputLine.Kind) {
    guard case .query(var query) = state.focusedPage?.content else { return }
    let text = kind == .search ? query.search : query.filterText
    query.input = InputLine(kind: kind, field: TextFieldState(text), error: nil)
    state.stack[state.focus].content = .query(query)
  }

  mutating func editInput(_ change: (inout InputLine) -> Void) {
    guard case .query(var query) = state.focusedPage?.content, var input = query.input else { return }
    change(&input)
    query.input = input
    state.stack[state.focus].content = .query(query)
  }

  mutating func handleInput(_ key: KeyEvent) {
    guard case .query(var query) = state.focusedPage?.content, var input = query.input else { return }
    switch key.key {
    case .escape:
      query.input = nil
      state.stack[state.focus].content = .query(query)
    case .enter:
      let text = input.field.text
      switch input.kind {
      case .search:
        query.search = text
        query.searchQualifier = SearchQualifier.make(text, entity: environment.model[entity: query.entityName])
        query.input = nil
      case .filter:
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
          query.filter = nil
          query.filterText = ""
          query.input = nil
        } else {
          do {
            let qualifier = try Qualifier(parsing: text)
            if let problem = validate(qualifier, entityName: query.entityName) {
              input.error = problem
              query.input = input
              state.stack[state.focus].content = .query(query)
              return
            }
            query.filter = qualifier
            query.filterText = text
            query.input = nil
          } catch {
            input.error = "column \(error.column): \(error.message)"
            query.input = input
            state.stack[state.focus].content = .query(query)
            return
          }
        }
      }
      query.table.rows = ScrollState()
      query.total = nil
      state.stack[state.focus].content = .query(query)
      requestRows(.first, pageAt: state.focus)
      requestCount(pageAt: state.focus)
    default:
      _ = input.field.handle(key)
      input.error = nil
      query.input = input
      state.stack[state.focus].content = .query(query)
    }
  }

  /// A filter that names unknown properties or has values of the wrong type, in words.
  func validate(_ qualifier: Qualifier, entityName: String) -> String? {
    let spec = FetchSpecification(entityName: entityName, qualifier: qualifier, limit: 1)
    do {
      _ = try worker.database.statement(for: spec)
      return nil
    } catch {
      return String(describing: error)
    }
  }
}
