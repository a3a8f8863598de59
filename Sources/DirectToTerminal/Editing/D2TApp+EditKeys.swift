import Access
import TerminalCore
import Widgets

/// Keys on the edit page: fields, Ctrl-S, Esc with unsaved changes, dialogs.
extension D2TApp {
  mutating func handleEdit(_ key: KeyEvent) {
    guard case .edit(var edit) = state.focusedPage?.content else { return }
    if edit.dialog != nil {
      handleEditDialog(key, &edit)
      return
    }
    if edit.saving != nil {
      if key.key == .escape { worker.cancelForeground() }
      return
    }
    // In a multi-line editor ↑/↓ move between its lines, and on to the neighbouring field
    // from its first or last line; Enter starts a new line.
    let textArea: TextAreaState? = edit.fields.indices.contains(edit.focus) ? {
      if case .largeText = edit.fields[edit.focus].editor { return edit.fields[edit.focus].area }
      return nil
    }() : nil
    if let area = textArea, key.modifiers.isEmpty,
      key.key == .enter
        || (key.key == .down && area.row < area.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1)
        || (key.key == .up && area.row > 0)
    {
      editField(key, &edit)
      putEdit(edit)
      return
    }
    switch (key.key, key.modifiers) {
    case (.character("s"), .control):
      putEdit(edit)
      save()
      return
    case (.escape, _):
      if edit.hasChanges {
        edit.dialog = .unsaved(quitAfter: false)
        edit.dialogState = DialogState()
        putEdit(edit)
      } else {
        goBack()
      }
      return
    case (.tab, _), (.down, []):
      edit.focus = min(edit.fields.count - 1, edit.focus + 1)
    case (.backTab, _), (.up, []):
      edit.focus = max(0, edit.focus - 1)
    case (.character("n"), .control):
      setNull(&edit)
    case (.function(12), _):
      state.showsDebug.toggle()
    default:
      editField(key, &edit)
    }
    putEdit(edit)
  }

  /// The focused field takes the key.
  mutating func editField(_ key: KeyEvent, _ edit: inout EditState) {
    guard edit.fields.indices.contains(edit.focus) else { return }
    var field = edit.fields[edit.focus]
    let context = EditContext(
      attribute: field.attribute, choices: field.choices, isNullable: isNullable(field))
    switch field.editor {
    case .text:
      guard field.text.handle(key) else { return }
      field.isDirty = true
      field.usesDefault = false
      reparse(&field)
    case .largeText:
      guard field.area.handle(key) else { return }
      field.isDirty = true
      field.usesDefault = false
      field.value = .text(field.area.text)
      field.error = nil
    case .toggle:
      guard key.key == .character(" ") || key.key == .enter || key.key == .left || key.key == .right else { return }
      let now = DisplayBool.truth(field.value) ?? false
      field.value = field.attribute.map { Self.booleanValue(!now, like: field.original, type: $0.valueType) } ?? .bool(!now)
      field.isDirty = true
      field.usesDefault = false
      field.error = nil
    case .custom(let name):
      guard let editor = registry.editor(named: name), editor.handle(key, value: &field.value, context: context) else {
        return
      }
      field.isDirty = true
      field.usesDefault = false
      field.error = nil
    case .toOne(let destination):
      guard key.key == .enter else { return }
      edit.fields[edit.focus] = field
      putEdit(edit)
      openSelect(destination: destination, propertyKey: field.propertyKey)
      return
    case .readOnly(let reason):
      if key.typedCharacter != nil { edit.message = "\(field.label): \(reason)" }
      return
    }
    edit.fields[edit.focus] = field
  }

  /// A boolean in the column's own representation (`Y`/`N` text columns stay text).
  static func booleanValue(_ on: Bool, like original: DatabaseValue, type: ValueType) -> DatabaseValue {
    switch (type, original) {
    case (.boolean, _): return .bool(on)
    case (.integer, _): return .integer(on ? 1 : 0)
    case (_, .text(let text)) where text.count == 1 && "YyNn".contains(text):
      return .text(on ? (text.first?.isUppercase == true ? "Y" : "y") : (text.first?.isUppercase == true ? "N" : "n"))
    case (.text, _): return .text(on ? "Y" : "N")
    default: return .bool(on)
    }
  }

  func isNullable(_ field: EditField) -> Bool {
    if let attribute = field.attribute { return attribute.isNullable }
    return !(field.relationship?.isMandatory ?? true)
  }

  /// Ctrl-N: set the focused field to null (∅) where the schema allows it.
  mutating func setNull(_ edit: inout EditState) {
    guard edit.fields.indices.contains(edit.focus) else { return }
    var field = edit.fields[edit.focus]
    if case .readOnly = field.editor { return }
    guard isNullable(field) else {
      edit.message = "\(field.label) cannot be empty"
      return
    }
    field.value = .null
    field.text = TextFieldState()
    field.area = TextAreaState()
    field.title = nil
    field.isDirty = true
    field.usesDefault = false
    field.error = nil
    edit.fields[edit.focus] = field
  }

  /// Parses a text field after each key so its error shows as it is typed.
  func reparse(_ field: inout EditField) {
    guard let attribute = field.attribute else { return }
    let text = field.text.text
    if text.isEmpty {
      field.value = .null
      field.error = nil
      if case .text = attribute.valueType, !attribute.isNullable { field.value = .text("") }
      return
    }
    switch ValueParser.parse(text, as: attribute.valueType) {
    case .success(let value):
      field.value = value
      field.error = nil
    case .failure(let failure):
      field.error = failure.reason
    }
  }

  mutating func putEdit(_ edit: EditState) {
    guard state.stack.indices.contains(state.focus) else { return }
    state.stack[state.focus].content = .edit(edit)
  }

  /// The Save / Discard / Cancel and conflict dialogs.
  mutating func handleEditDialog(_ key: KeyEvent, _ edit: inout EditState) {
    guard let dialog = edit.dialog else { return }
    let buttons: [String]
    switch dialog {
    case .unsaved: buttons = ["Save", "Discard", "Cancel"]
    case .conflict(let conflict): buttons = conflict.isDeleted ? ["Keep editing", "Discard"] : ["Overwrite", "Reload", "Keep editing"]
    }
    var dialogState = edit.dialogState
    let outcome = dialogState.handle(key, buttons: buttons)
    edit.dialogState = dialogState
    switch outcome {
    case .none:
      putEdit(edit)
      return
    case .dismissed:
      edit.dialog = nil
      putEdit(edit)
      return
    case .pressed(let index):
      edit.dialog = nil
      putEdit(edit)
      switch (dialog, buttons[index]) {
      case (.unsaved(let quitAfter), "Save"):
        state.quitAfterSave = quitAfter
        save()
      case (.unsaved(let quitAfter), "Discard"):
        if quitAfter { state.quitRequested = true } else { goBack() }
      case (.conflict(let conflict), "Overwrite"):
        for field in conflict.fields { edit.seen[field.attribute] = field.current }
        putEdit(edit)
        save()
      case (.conflict, "Reload"):
        reloadEdit()
      case (.conflict, "Discard"):
        goBack()
      default:
        break
      }
    }
  }

  /// Loads the row again into the edit page (after a conflict), dropping the user's edits.
  mutating func reloadEdit() {
    guard case .edit(var edit) = state.focusedPage?.content, let key = edit.key,
      let entity = environment.model[entity: edit.entityName]
    else { return }
    edit.loading = clock.now
    edit.message = "Reloaded the row as it is now"
    putEdit(edit)
    let id = state.stack[state.focus].id
    let spec = editFetch(entity, key: key)
    worker.submit { db in .editLoaded(page: id, attempt { try db.fetch(spec).rows.first }) }
  }
}
