import Access
import Qualifiers
import Widgets

/// Results of edit work: loaded rows, saves, deletes, undo, refreshed windows.
extension D2TApp {
  mutating func absorbEdit(_ result: WorkResult) {
    switch result {
    case .editLoaded(let pageID, let outcome):
      guard let index = state.index(ofPage: pageID), case .edit(var edit) = state.stack[index].content else { return }
      edit.loading = nil
      switch outcome {
      case .success(let row?): fill(&edit, from: row)
      case .success(nil): edit.message = "This row no longer exists (deleted by someone else?)"
      case .failure(let error): edit.message = error.message
      }
      state.stack[index].content = .edit(edit)
    case .saved(let pageID, let outcome):
      guard let index = state.index(ofPage: pageID), case .edit(var edit) = state.stack[index].content,
        let entity = environment.model[entity: edit.entityName]
      else { return }
      edit.saving = nil
      switch outcome {
      case .success(let saved):
        let change = change(for: edit, entity: entity)
        let row: Row? = {
          switch saved {
          case .inserted(let row), .updated(let row): return row
          case .deleted: return nil
          }
        }()
        let title = row.map { RecordTitle.title(of: $0, entity: entity) } ?? entity.displayName
        if let inverse = inverse(of: change, outcome: saved, seen: edit.seen) {
          state.lastChange = (change, inverse, title)
        }
        state.pop(to: max(0, index - 1))
        state.focus = state.stack.count - 1
        if edit.isNew, let row {
          let key = primaryKey(of: row, entity: entity)
          let keyText = key.values.map(\.plainText).joined(separator: ", ")
          state.banner = (.success, "Saved new \(entity.displayName) “\(title)” (key \(keyText))")
          refreshAfterWrite()
          if !key.isEmpty { openPage(task: "inspect", entityName: entity.name, crumb: title, key: key) }
        } else {
          state.banner = (.success, "Saved \(entity.displayName) “\(title)”")
          refreshAfterWrite()
        }
        if state.quitAfterSave { state.quitRequested = true }
      case .failure(let failure):
        state.quitAfterSave = false
        edit.message = explain(failure, entity: entity)
        if case .conflict(let conflict) = failure {
          edit.dialog = .conflict(conflict)
          edit.dialogState = DialogState(focusedButton: conflict.isDeleted ? 0 : 2)
        }
        state.stack[index].content = .edit(edit)
      }
    case .deleted(let entityName, let title, let outcome):
      switch outcome {
      case .success(let outcome):
        if case .delete(let entity, let key, _) = outcome.change {
          if let inverse = outcome.inverse { state.lastChange = (outcome.change, inverse, title) }
          if let top = state.stack.indices.last, case .inspect(let inspect) = state.stack[top].content,
            inspect.entityName == entity, inspect.key == key
          {
            state.pop(to: max(0, top - 1))
          }
        }
        state.banner = (.success, "Deleted \(title) — u undoes")
        refreshAfterWrite()
      case .failure(let failure):
        guard let entity = environment.model[entity: entityName] else { return }
        state.banner = (.error, explain(failure, entity: entity, deleting: true))
      }
    case .undone(let outcome):
      switch outcome {
      case .success:
        state.banner = (.success, "Undone: \(state.lastChange?.title ?? "the last change")")
        state.lastChange = nil
        refreshAfterWrite()
      case .failure(let failure):
        let entity = environment.model[entity: state.lastChange?.inverse.entityName ?? ""]
        state.banner = (.error, entity.map { "Cannot undo — " + explain(failure, entity: $0) } ?? "Cannot undo")
      }
    case .windowRefreshed(let pageID, let outcome):
      guard let index = state.index(ofPage: pageID), case .query(var query) = state.stack[index].content,
        let entity = environment.model[entity: query.entityName], case .success(let rows) = outcome
      else { return }
      var fresh: [[String: DatabaseValue]: Row] = [:]
      for row in rows { fresh[primaryKey(of: row, entity: entity)] = row }
      let selectedKey = query.table.rows.selected.flatMap {
        query.window.rows.indices.contains($0) ? primaryKey(of: query.window.rows[$0], entity: entity) : nil
      }
      query.window.rows = query.window.rows.compactMap { fresh[primaryKey(of: $0, entity: entity)] }
      if let selectedKey, let position = query.window.rows.firstIndex(where: { primaryKey(of: $0, entity: entity) == selectedKey }) {
        query.table.rows.selected = position
      } else if let selected = query.table.rows.selected {
        query.table.rows.selected = query.window.rows.isEmpty ? nil : min(selected, query.window.rows.count - 1)
      }
      let reachedEnd = query.window.atEnd
      query.window.atEnd = false
      state.stack[index].content = .query(query)
      if reachedEnd { requestRows(.next, pageAt: index) }
    default:
      break
    }
  }

  // MARK: - Select page (to-one picker)

  /// Opens a searchable list of `destination` rows; Enter there chooses one for the field.
  mutating func openSelect(destination: String, propertyKey: String) {
    guard let entity = environment.model[entity: destination] else { return }
    let editID = state.stack[state.focus].id
    var query = makeQueryList(entity, baseQualifier: nil)
    query.columns = listColumns(entity, task: "select")
    query.choosingFor = (editID, propertyKey)
    let id = state.newPageID()
    state.push(Page(id: id, task: "select", entityName: destination, crumb: "Choose " + entity.displayName,
      content: .query(query)))
    requestRows(.first, pageAt: state.stack.count - 1)
    requestCount(pageAt: state.stack.count - 1)
  }

  /// Enter on a select page: the chosen row's key goes into the edit field.
  mutating func choose(from query: QueryListState, at index: Int) {
    guard let target = query.choosingFor, let selected = query.table.rows.selected,
      query.window.rows.indices.contains(selected),
      let destination = environment.model[entity: query.entityName],
      let editIndex = state.index(ofPage: target.page),
      case .edit(var edit) = state.stack[editIndex].content,
      let fieldIndex = edit.fields.firstIndex(where: { $0.propertyKey == target.propertyKey }),
      let relationship = edit.fields[fieldIndex].relationship, relationship.joins.count == 1
    else { return }
    let row = query.window.rows[selected]
    edit.fields[fieldIndex].value = row[relationship.joins[0].destination] ?? .null
    edit.fields[fieldIndex].title = RecordTitle.title(of: row, entity: destination)
    edit.fields[fieldIndex].isDirty = true
    edit.fields[fieldIndex].error = nil
    state.stack[editIndex].content = .edit(edit)
    state.pop(to: editIndex)
    state.focus = editIndex
  }
}
