import Access
import Foundation
import Qualifiers
import TerminalCore
import Widgets

/// Validation, saving, deleting, undo, and what their results do to the screen.
extension D2TApp {
  /// Checks every field against the schema; returns the problems as `Label: reason`.
  func validate(_ edit: inout EditState) -> [String] {
    var problems: [String] = []
    for index in edit.fields.indices {
      var field = edit.fields[index]
      if let error = field.error {
        problems.append("\(field.label): \(error)")
        continue
      }
      let empty = field.value.isNull || (field.value == .text("") && field.attribute?.isNullable == true)
      if let attribute = field.attribute {
        if case .readOnly = field.editor { continue }
        if empty && !attribute.isNullable && !field.usesDefault && attribute.defaultExpression == nil
          && !attribute.isGenerated
        {
          field.error = "required"
          problems.append("\(field.label): required")
        } else if case .text(let length, _) = attribute.valueType, let length,
          let text = field.value.stringValue, text.count > length
        {
          field.error = "at most \(length) characters"
          problems.append("\(field.label): at most \(length) characters")
        } else if !attribute.enumValues.isEmpty, let text = field.value.stringValue,
          !attribute.enumValues.contains(text)
        {
          field.error = "one of " + attribute.enumValues.joined(separator: ", ")
          problems.append("\(field.label): \(field.error ?? "")")
        }
      } else if let relationship = field.relationship, relationship.isMandatory, field.value.isNull {
        field.error = "required"
        problems.append("\(field.label): required")
      }
      edit.fields[index] = field
    }
    return problems
  }

  /// The change the edit page describes: only what the user changed, with what they saw.
  func change(for edit: EditState, entity: Entity) -> Change {
    var values: [String: DatabaseValue] = [:]
    for field in edit.fields where field.isDirty && !field.usesDefault {
      if case .readOnly = field.editor { continue }
      if let attribute = field.attribute {
        values[attribute.name] = field.value
      } else if let relationship = field.relationship, relationship.joins.count == 1 {
        values[relationship.joins[0].source] = field.value
      }
    }
    if let key = edit.key {
      return .update(entity: entity.name, key: key, values: values, original: edit.seen)
    }
    return .insert(entity: entity.name, values: values)
  }

  /// Ctrl-S: validate, then apply the change off the UI loop.
  mutating func save() {
    guard case .edit(var edit) = state.focusedPage?.content,
      let entity = environment.model[entity: edit.entityName]
    else { return }
    if readOnly {
      edit.message = "This session is read-only (--read-only): nothing is written"
      putEdit(edit)
      return
    }
    let problems = validate(&edit)
    guard problems.isEmpty else {
      edit.message = "Not saved — " + problems.joined(separator: "; ")
      putEdit(edit)
      return
    }
    let change = change(for: edit, entity: entity)
    if case .update(_, _, let values, _) = change, values.isEmpty {
      goBack()
      return
    }
    edit.saving = clock.now
    edit.message = nil
    putEdit(edit)
    let id = state.stack[state.focus].id
    worker.submit { db in .saved(page: id, attempt { try db.apply([change])[0] }) }
  }

  /// What a refusal means, in words, for the entity being changed.
  func explain(_ failure: SaveFailure, entity: Entity, deleting: Bool = false) -> String {
    switch failure {
    case .conflict(let conflict):
      return conflict.isDeleted
        ? "Not saved: this row was deleted by someone else"
        : "Not saved: someone else changed " + conflict.fields.map { label(of: $0.attribute, in: entity) }
          .joined(separator: ", ")
    case .other(let message):
      return "Not saved: " + message
    case .refused(let error):
      switch error.kind {
      case .constraint(let violation):
        let column = violation.column.flatMap { entity.attribute(forColumn: $0)?.name }
          .map { label(of: $0, in: entity) }
        let name = violation.constraint.map { " (\($0))" } ?? ""
        switch violation.kind {
        case .notNull: return "Not saved: \(column ?? "a field") must have a value"
        case .unique: return "Not saved: another row already has this \(column ?? "value")\(name)"
        case .check: return "Not saved: a check constraint refused the values\(name)"
        case .foreignKey where deleting:
          let toMany = entity.relationships.filter(\.isToMany)
          let named = toMany.filter { $0.constraintName != nil && $0.constraintName == violation.constraint }
          let referrers = (named.isEmpty ? toMany : named).map(\.displayName).joined(separator: ", ")
          return "Cannot delete this \(entity.displayName): rows in \(referrers) still refer to it\(name); "
            + "delete or change them first"
        case .foreignKey: return "Not saved: a related row does not exist\(name)"
        case .other: return "Not saved: " + error.message
        }
      case .permission: return "The database refused the change: " + error.message
      case .connectionLost: return "The connection was lost; your input is kept. Try again."
      case .cancelled: return "Cancelled; nothing was saved"
      default: return "Not saved: " + error.message
      }
    }
  }

  func label(of attribute: String, in entity: Entity) -> String {
    environment.context(task: "edit", entity: entity, propertyKey: attribute)
      .string("displayNameForProperty", Inflector.displayName(attribute))
  }

  /// `d`: ask before deleting the selected row.
  mutating func beginDelete() {
    guard let (entity, row) = selectedRow() else { return }
    if let refusal = editRefusal(entity, row: row, deleting: true) {
      state.banner = (.notice, refusal)
      return
    }
    let key = primaryKey(of: row, entity: entity)
    guard !key.isEmpty else { return }
    var original: [String: DatabaseValue] = [:]
    for attribute in entity.attributes {
      if let value = row[attribute.name] { original[attribute.name] = value }
    }
    state.dialog = .confirmDelete(
      entity: entity.name, key: key, original: original,
      title: entity.displayName + " “" + RecordTitle.title(of: row, entity: entity) + "”")
    state.dialogState = DialogState(focusedButton: 1)
  }

  mutating func handleAppDialog(_ key: KeyEvent) {
    guard let dialog = state.dialog else { return }
    var dialogState = state.dialogState
    let outcome = dialogState.handle(key, buttons: ["Delete", "Cancel"])
    state.dialogState = dialogState
    switch outcome {
    case .none: return
    case .dismissed: state.dialog = nil
    case .pressed(let index):
      state.dialog = nil
      guard index == 0, case .confirmDelete(let entity, let key, let original, let title) = dialog else { return }
      let change = Change.delete(entity: entity, key: key, original: original)
      worker.submit { db in
        .deleted(entity: entity, title: title, attempt {
          let stored = try db.row(of: entity, key: key)
          try db.apply([change])
          let inverse = stored.map { Change.insert(entity: entity, values: $0.dictionary) }
          return DeleteOutcome(change: change, inverse: inverse)
        })
      }
    }
  }

  /// `u`: undo the last change saved in this session by applying its inverse.
  mutating func undo() {
    guard let last = state.lastChange else {
      state.banner = (.notice, "Nothing to undo")
      return
    }
    if readOnly {
      state.banner = (.notice, "This session is read-only (--read-only)")
      return
    }
    let inverse = last.inverse
    worker.submit { db in .undone(attempt { try db.apply([inverse]); return inverse }) }
  }

  /// The inverse of a saved change, from what was saved.
  func inverse(of change: Change, outcome: ChangeOutcome, seen: [String: DatabaseValue]) -> Change? {
    switch (change, outcome) {
    case (.update(let entity, let key, let values, _), .updated(let row)):
      let stored = Dictionary(uniqueKeysWithValues: values.keys.map { ($0, row[$0] ?? .null) })
      let before = Dictionary(uniqueKeysWithValues: values.keys.map { ($0, seen[$0] ?? .null) })
      return .update(entity: entity, key: key, values: before, original: stored)
    case (.insert(let entity, _), .inserted(let row)):
      guard let model = environment.model[entity: entity] else { return nil }
      let key = primaryKey(of: row, entity: model)
      return key.isEmpty ? nil : .delete(entity: entity, key: key, original: row.dictionary)
    case (.delete(let entity, _, let original), .deleted):
      return .insert(entity: entity, values: original)
    default:
      return nil
    }
  }

  /// After a write: every open page fetches what it shows again, so all panes agree with
  /// the database.
  mutating func refreshAfterWrite() {
    for index in state.stack.indices {
      switch state.stack[index].content {
      case .query(let query):
        refreshWindow(query, pageAt: index)
        requestCount(pageAt: index)
      case .inspect:
        requestInspect(pageAt: index)
      case .entities(let list):
        loadEntityCounts(list)
      default:
        break
      }
    }
  }

  /// Re-reads the rows a list holds, by primary key, keeping the scroll position.
  mutating func refreshWindow(_ query: QueryListState, pageAt index: Int) {
    guard let entity = environment.model[entity: query.entityName], !entity.primaryKey.isEmpty,
      !query.window.rows.isEmpty
    else {
      requestRows(.first, pageAt: index)
      return
    }
    let keys = query.window.rows.map { primaryKey(of: $0, entity: entity) }
    let alternatives = keys.map(Qualifier.matching)
    var spec = fetchSpecification(query)
    spec.qualifier = .or(alternatives)
    spec.limit = nil
    let pageID = state.stack[index].id
    let fetch = spec
    worker.submit { db in .windowRefreshed(page: pageID, attempt { try db.fetch(fetch).rows }) }
  }
}
