import Access
import Foundation
import Qualifiers
import Rules
import TerminalCore
import Widgets

/// Opening pages for tasks, Enter and Esc.
extension D2TApp {
  /// The first page: `firstTask` (default `query`, the entity list).
  mutating func openFirstPage() {
    let task = environment.context(task: "query").string("firstTask", "query")
    openPage(task: task, entityName: nil, crumb: nil)
  }

  /// Pushes the page the `page` rule names for `task`; an unknown task or page gives an
  /// error page, never a crash.
  mutating func openPage(
    task: String, entityName: String?, crumb: String?, key: [String: DatabaseValue]? = nil,
    baseQualifier: Qualifier? = nil
  ) {
    let entity = entityName.flatMap { environment.model[entity: $0] }
    let context = environment.context(task: task, entity: entity)
    let pageName = context.name("page") ?? "ErrorPage"
    let id = state.newPageID()
    let content: PageContent
    var label = crumb ?? context.string("displayNameForEntity", entity?.displayName ?? "")
    switch pageName {
    case "EntityListPage":
      content = .entities(makeEntityList())
      label = crumb ?? databaseTitle
    case "QueryListPage" where entity != nil:
      guard let entity else { return }
      content = .query(makeQueryList(entity, baseQualifier: baseQualifier))
    case "InspectPage" where entity != nil && key != nil:
      guard let entity, let key else { return }
      content = .inspect(makeInspect(entity, key: key))
    case "EditPage" where entity != nil:
      guard let entity else { return }
      if let refusal = editRefusal(entity, row: nil) {
        state.banner = (.notice, refusal)
        return
      }
      openEdit(entity, key: key, crumb: crumb.map { "Edit " + $0 } ?? "New " + entity.displayName)
      return
    case "SelectPage" where entity != nil:
      guard let entity else { return }
      content = .query(makeQueryList(entity, baseQualifier: baseQualifier))
    case "LoginPage":
      content = .login(LoginState())
      label = "Login"
    default:
      let reason: String
      if pageName == "ErrorPage" {
        reason = "No page shows the task '\(task)'. Check the `page` rules for this task."
      } else if entity == nil && pageName != "EntityListPage" {
        reason = "The page \(pageName) needs an entity, and task '\(task)' has none here."
      } else {
        reason = "There is no page named \(pageName) (from the `page` rule for task '\(task)')."
      }
      content = .error(ErrorState(title: "Cannot open '\(task)'", message: reason))
      label = "Error"
    }
    state.push(Page(id: id, task: task, entityName: entity?.name, crumb: label, content: content))
    startLoading(pageAt: state.stack.count - 1)
  }

  /// The first breadcrumb: the configured title, a SQLite file's name, or `db@host`.
  var databaseTitle: String {
    if let title { return title }
    let name = worker.database.adaptor.displayName
    if name.hasPrefix("SQLite ") { return (name.dropFirst(7) as NSString).lastPathComponent }
    return String(name.dropFirst("PostgreSQL ".count))
  }

  /// Enter: follow `nextTask` from the focused page's selection.
  mutating func goForward() {
    guard state.stack.indices.contains(state.focus) else { return }
    let index = state.focus
    let page = state.stack[index]
    switch page.content {
    case .entities(let list):
      guard let selected = list.scroll.selected, list.items.indices.contains(selected) else { return }
      let item = list.items[selected]
      state.pop(to: index)
      let next = environment.context(
        task: page.task, entity: environment.model[entity: item.name]
      ).string("nextTask", "list")
      openPage(task: next, entityName: item.name, crumb: item.label)
    case .query(let query) where query.choosingFor != nil:
      choose(from: query, at: index)
    case .query(let query):
      guard let entity = environment.model[entity: query.entityName],
        let selected = query.table.rows.selected, query.window.rows.indices.contains(selected)
      else { return }
      let row = query.window.rows[selected]
      let key = primaryKey(of: row, entity: entity)
      guard !key.isEmpty else {
        state.banner = (.notice, "\(entity.displayName) has no primary key: its rows cannot be opened")
        return
      }
      let next = environment.context(task: page.task, entity: entity, row: row).string("nextTask", "inspect")
      state.pop(to: index)
      openPage(
        task: next, entityName: entity.name, crumb: RecordTitle.title(of: row, entity: entity),
        key: key)
    case .inspect(let inspect):
      openInspectRow(inspect, at: index)
    case .edit, .login, .error:
      break
    }
  }

  /// Enter on an inspector row: a to-one opens the related row, a to-many its list.
  mutating func openInspectRow(_ inspect: InspectState, at index: Int) {
    let rows = visibleInspectRows(inspect)
    guard let selected = inspect.scroll.selected, rows.indices.contains(selected) else { return }
    let row = rows[selected]
    switch row.kind {
    case .attribute:
      guard let entity = environment.model[entity: inspect.entityName], let stored = inspect.row else { return }
      let next = environment.context(task: "inspect", entity: entity, row: stored).string("nextTask", "edit")
      if next == "edit" { beginEdit() }
    case .toOne(let destination, let key):
      guard let key, let destinationEntity = environment.model[entity: destination] else {
        state.banner = (.notice, "\(row.label) is empty")
        return
      }
      let title = inspect.row.map { RecordTitle.title(of: $0, entity: destinationEntity, prefix: row.propertyKey + ".") }
      state.pop(to: index)
      openPage(
        task: "inspect", entityName: destination, crumb: "\(row.label): \(title ?? "")", key: key)
    case .toMany(let destination, let joins):
      guard let source = inspect.row else { return }
      let count = inspect.toManyCounts[row.propertyKey].map { " (\($0))" } ?? ""
      state.pop(to: index)
      openPage(
        task: "list", entityName: destination, crumb: row.label + count,
        baseQualifier: .related(by: joins, to: source))
    }
  }

  /// Esc: cancel a running query, else close the top page (the first page stays).
  mutating func goBack() {
    if state.focus < state.stack.count - 1 {
      state.pop(to: state.focus)
      return
    }
    guard state.stack.count > 1 else { return }
    state.stack.removeLast()
    state.focus = state.stack.count - 1
  }

  /// Arrow keys, vim keys, paging: on the focused page.
  mutating func navigate(_ move: NavigationAction) {
    guard state.stack.indices.contains(state.focus) else { return }
    let visible = max(1, state.screenSize.height - 6)
    switch state.stack[state.focus].content {
    case .entities(var list):
      list.scroll.apply(move, count: list.items.count, pageSize: visible)
      state.stack[state.focus].content = .entities(list)
    case .query:
      navigateQuery(move, pageSize: visible)
    case .inspect(var inspect):
      inspect.scroll.apply(move, count: visibleInspectRows(inspect).count, pageSize: visible)
      state.stack[state.focus].content = .inspect(inspect)
    case .edit, .login, .error:
      break
    }
  }

  /// Starts whatever a newly opened page needs from the database.
  mutating func startLoading(pageAt index: Int) {
    switch state.stack[index].content {
    case .entities(let list):
      loadEntityCounts(list)
    case .query:
      requestRows(.first, pageAt: index)
      requestCount(pageAt: index)
    case .inspect:
      requestInspect(pageAt: index)
    case .edit, .login, .error:
      break
    }
  }

  /// `r`/F5: fetch the focused page again.
  mutating func refreshFocusedPage() {
    guard state.stack.indices.contains(state.focus) else { return }
    if case .query(let query) = state.stack[state.focus].content, !query.window.rows.isEmpty {
      refreshWindow(query, pageAt: state.focus)
      requestCount(pageAt: state.focus)
      return
    }
    startLoading(pageAt: state.focus)
  }

  /// Rebuilds the rule-derived parts of every page (after a rule reload).
  mutating func refreshColumns() {
    for index in state.stack.indices {
      switch state.stack[index].content {
      case .entities(var list):
        let fresh = makeEntityList()
        list.items = fresh.items
        state.stack[index].content = .entities(list)
      case .query(var query):
        guard let entity = environment.model[entity: query.entityName] else { continue }
        let old = query.columns.map(\.keyPaths)
        query.columns = listColumns(entity, task: state.stack[index].task)
        state.stack[index].content = .query(query)
        if old != query.columns.map(\.keyPaths) { requestRows(.first, pageAt: index) }
      case .inspect(var inspect):
        guard let entity = environment.model[entity: inspect.entityName] else { continue }
        let fresh = makeInspect(entity, key: inspect.key)
        inspect.rows = fresh.rows
        inspect.hideEmpty = fresh.hideEmpty
        state.stack[index].content = .inspect(inspect)
        requestInspect(pageAt: index)
      case .edit, .login, .error:
        break
      }
    }
  }
}
