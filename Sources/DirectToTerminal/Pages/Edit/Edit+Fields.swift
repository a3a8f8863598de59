import Access
import Qualifiers
import TerminalCore
import Widgets

/// Keys in the focused field, null, and parsing what is typed.
extension EditFeature {
  static func editField(_ state: inout State, _ key: KeyEvent, in session: Session) -> Effect<Action> {
    guard let editor = state.focusedField?.editor else { return .none }
    if let field = state.focusedField, field.isPreset {
      if key.typedCharacter != nil || key.key == .enter {
        state.message = "\(field.label) is the row this list belongs to: a new row here keeps it"
      }
      return .none
    }
    // Text is edited in place: a copy of the field would copy a 100 KiB text on every key.
    switch editor {
    case .text:
      guard state.fields[state.focus].text.handle(key) else { return .none }
      typed(&state.fields[state.focus])
      EditFieldBuilder.reparse(&state.fields[state.focus])
      return .none
    case .largeText:
      guard state.fields[state.focus].area.handle(key) else { return .none }
      typed(&state.fields[state.focus])
      let text = state.fields[state.focus].area.text
      state.fields[state.focus].value =
        text.isEmpty && !state.fields[state.focus].allowsEmptyString ? .null : .text(text)
      return .none
    default:
      break
    }
    guard var field = state.focusedField else { return .none }
    switch field.editor {
    case .text, .largeText:
      return .none
    case .toggle:
      guard [.character(" "), .enter, .left, .right].contains(key.key) else { return .none }
      let now = DisplayBool.truth(field.value) ?? false
      field.value = field.attribute.map { booleanValue(!now, like: field.original, type: $0.valueType) } ?? .bool(!now)
      field.isDirty = true
      field.usesDefault = false
      field.error = nil
    case .custom(let name):
      guard let editor = session.registry.editor(named: name),
        editor.handle(key, value: &field.value, context: field.editContext)
      else { return .none }
      field.isDirty = true
      field.usesDefault = false
      field.error = nil
    case .toOne:
      return key.key == .enter ? chooseToOne(state, in: session) : .none
    case .members:
      return key.key == .enter ? chooseMembers(&state, field: field, removing: false, in: session) : .none
    case .inline:
      return lineKey(&state, key, in: session)
    case .readOnly(let reason):
      if key.typedCharacter != nil { state.message = "\(field.label): \(reason)" }
      return .none
    }
    state.fields[state.focus] = field
    return .none
  }

  /// The user typed into the field: it is theirs now.
  static func typed(_ field: inout EditField) {
    field.isDirty = true
    field.usesDefault = false
    field.error = nil
  }

  /// A boolean in the column's own representation (`Y`/`N` text columns stay text).
  static func booleanValue(_ on: Bool, like original: DatabaseValue, type: ValueType) -> DatabaseValue {
    switch (type, original) {
    case (.boolean, _): return .bool(on)
    case (.integer, _): return .integer(on ? 1 : 0)
    case (_, .text(let text)) where text.count == 1 && "YyNn".contains(text):
      let upper = text.first?.isUppercase == true
      return .text(on ? (upper ? "Y" : "y") : (upper ? "N" : "n"))
    case (.text, _): return .text(on ? "Y" : "N")
    default: return .bool(on)
    }
  }

  /// Ctrl-N: set the focused field to null (∅) where the schema allows it.
  static func setNull(_ state: inout State) {
    guard var field = state.focusedField, !field.isReadOnly, !field.isPreset else { return }
    guard field.isNullable else {
      state.message = "\(field.label) cannot be empty"
      return
    }
    field.clearValue()
    field.isDirty = true
    field.usesDefault = false
    state.fields[state.focus] = field
  }
}
