import Access
import Qualifiers
import Foundation
import Rules
import Widgets

/// The fields of an edit page, from the session's rules and the schema, and rows, changes
/// made elsewhere and defaults into them. The edit page's own: the session only answers
/// what the rules say.
struct EditFieldBuilder {
  let session: Session

  init(_ session: Session) { self.session = session }

  var model: Model { session.model }

  /// One field per `displayPropertyKeys` entry of the edit task, editor by `component`.
  func fields(_ entity: Entity) -> [EditField] {
    let context = session.context(task: .edit, entity: entity)
    let keys = context.strings("displayPropertyKeys") ?? PropertyKeys.edit(entity)
    return keys.compactMap(field(entity)) + inlineFields(entity, after: keys)
  }

  /// The to-manys `inlineRelationshipKeys` names (plain ones: not flattened, not to-one),
  /// as fields of lines after the others.
  func inlineFields(_ entity: Entity, after keys: [String]) -> [EditField] {
    let names = session.context(task: .edit, entity: entity).strings("inlineRelationshipKeys") ?? []
    return names.compactMap { name -> EditField? in
      guard !keys.contains(name), let relationship = entity[relationship: name], relationship.isToMany,
        relationship.flattenedThrough == nil, session.model[entity: relationship.destination] != nil
      else { return nil }
      let shown = session.presentation(task: .edit, entity: entity, propertyKey: name, component: "EditString")
      var field = EditField(
        propertyKey: name, label: shown.label, editor: .inline(destination: relationship.destination),
        attribute: nil, relationship: relationship, value: .null, original: .null, text: TextFieldState(),
        area: TextAreaState(), title: nil, hint: "j/k line · Enter edit · n new line · d remove (or keep)",
        choices: [])
      field.inline = InlineLines()
      return field
    }
  }

  private func field(_ entity: Entity) -> (String) -> EditField? {
    { key in self.field(key, of: entity) }
  }

  private func field(_ key: String, of entity: Entity) -> EditField? {
    let context = session.context(task: .edit, entity: entity, propertyKey: key)
    let shown = session.presentation(task: .edit, entity: entity, propertyKey: key, component: "EditString")
    let component = shown.component
    let label = shown.label
    if session.reachesHidden(key, from: entity) { return nil }
    let attribute = entity[attribute: key]
    let relationship = entity[relationship: key]
    let isMembers = relationship.map { $0.flattenedThrough != nil && $0.isMembershipEditable } ?? false
    guard attribute != nil || isMembers || (relationship.map { !$0.isInverse } ?? false) else { return nil }
    var editor: EditField.Editor
    var hint: String?
    switch component {
    case "EditLargeString": editor = .largeText
    case "EditBool": editor = .toggle
    case "EditToOne": editor = .toOne(destination: relationship?.destination ?? "")
    case "EditPassword": editor = .readOnly(reason: "passwords are not edited here")
    case "EditString", "EditNumber", "EditDate", "EditTime", "EditToMany": editor = .text
    default: editor = session.registry.editor(named: component) != nil ? .custom(component) : .text
    }
    if let attribute {
      if attribute.isPassword { editor = .readOnly(reason: "passwords are not edited here") }
      if attribute.isGenerated && attribute.isPrimaryKey { editor = .readOnly(reason: "set by the database") }
      if attribute.isReadOnly { editor = .readOnly(reason: "computed by the database") }
      if !attribute.valueType.isWritable || attribute.valueType == .binary {
        editor = .readOnly(reason: "\(Self.typeName(attribute.valueType)) is shown, not edited")
      }
      if case .boolean = attribute.valueType, case .text = editor { editor = .toggle }
      hint = Self.formatHint(attribute.valueType)
    }
    if isMembers, let relationship { editor = .members(destination: relationship.destination) }
    if let description = session.propertyDescription(key, in: entity) {
      hint = hint.map { description + " · " + $0 } ?? description
    }
    var choices = context.strings("choices") ?? []
    if let attribute, choices.isEmpty { choices = attribute.enumValues }
    if case .text = editor, !choices.isEmpty { editor = .custom("EditChoice") }
    return EditField(
      propertyKey: key, label: label, editor: editor, attribute: attribute,
      relationship: relationship, value: .null, original: .null, text: TextFieldState(),
      area: TextAreaState(), title: nil, hint: hint, choices: choices,
      allowsEmptyString: context.bool("allowsEmptyString"))
  }

  /// A type as the database names it: `int4range[]`, not `other(int4range)[]`.
  static func typeName(_ type: ValueType) -> String {
    switch type {
    case .other(let name): return name
    case .array(let element): return typeName(element) + "[]"
    default: return type.name
    }
  }

  static func formatHint(_ type: ValueType) -> String? {
    switch type {
    case .date: return "YYYY-MM-DD"
    case .time: return "HH:MM:SS"
    case .timestamp(let tz): return tz ? "YYYY-MM-DD HH:MM:SS+HH" : "YYYY-MM-DD HH:MM:SS"
    case .decimal(_, let scale): return scale.map { "number, \($0) decimals" } ?? "number"
    case .integer: return "whole number"
    case .uuid: return "UUID"
    case .json: return "JSON"
    case .array: return "items, \"quoted, if need be\", ∅ for NULL, {…} nested"
    case .other(let name) where type.isWritable: return name + ", as the database writes it"
    default: return nil
    }
  }

  /// A loaded row into the fields: what the user sees is what `seen` remembers.
  /// An attribute field shows `value`, as stored and unedited.
  func fill(_ field: inout EditField, with value: DatabaseValue) {
    guard let attribute = field.attribute else { return }
    field.value = value
    if let reason = Self.unsafeToEdit(field.value, type: attribute.valueType), !field.isReadOnly {
      field.editor = .readOnly(reason: reason)
    }
    field.text = TextFieldState(ValueParser.editText(field.value, type: attribute.valueType))
    field.area = TextAreaState(field.text.text)
    field.original = value
    field.isDirty = false
    field.error = nil
    field.theirs = nil
  }

  /// Another client changed the row being edited (issue #15): fields the user did not
  /// touch take the new value (marked), fields the user changed keep the user's value and
  /// show the database's, to take (Ctrl-T) or overrule (Ctrl-K) before saving.
  func merge(_ edit: inout EditFeature.State, changedUnderneath row: Row) {
    guard let entity = model[entity: edit.entityName] else { return }
    let edited = Set(edit.fields.filter(\.isDirty).compactMap(\.attribute?.name))
    for attribute in entity.attributes where !edited.contains(attribute.name) {
      edit.seen[attribute.name] = row[attribute.name] ?? .null
    }
    for index in edit.fields.indices {
      var field = edit.fields[index]
      guard let attribute = field.attribute else { continue }
      let stored = row[attribute.name] ?? .null
      if field.isDirty {
        guard stored != (edit.seen[attribute.name] ?? .null) || field.theirs != nil else { continue }
        if stored == field.value {
          edit.seen[attribute.name] = stored
          field.theirs = nil
          field.notice = nil
        } else {
          field.theirs = stored
          field.notice = EditField.theirsNotice
        }
      } else if stored != field.value {
        fill(&field, with: stored)
        field.notice = "↻ changed in the database"
      }
      edit.fields[index] = field
    }
  }

  func fill(_ edit: inout EditFeature.State, from row: Row) {
    edit.seen = [:]
    guard let entity = model[entity: edit.entityName] else { return }
    for attribute in entity.attributes { edit.seen[attribute.name] = row[attribute.name] ?? .null }
    for index in edit.fields.indices {
      var field = edit.fields[index]
      if let attribute = field.attribute {
        fill(&field, with: row[attribute.name] ?? .null)
      } else if let relationship = field.relationship {
        field.value = relationship.joins.first.flatMap { row[$0.source] } ?? .null
        field.joinValues = Dictionary(
          uniqueKeysWithValues: relationship.joins.map { ($0.source, row[$0.source] ?? .null) })
        if let destination = model[entity: relationship.destination], !field.value.isNull {
          field.title = RecordTitle.title(
            of: row, entity: destination, prefix: PropertyPath.quoted(relationship.name) + ".")
        }
      }
      field.original = field.value
      field.isDirty = false
      field.error = nil
      edit.fields[index] = field
    }
  }

  /// A new row: column defaults, `initialPropertyValues`, `creationTimestampPropertyKey`.
  func fillNewRowDefaults(_ edit: inout EditFeature.State, entity: Entity) {
    let context = session.context(task: .edit, entity: entity)
    var initial: [String: RuleValue] = [:]
    if case .dictionary(let values)? = context.value(ofKey: "initialPropertyValues").ruleValue { initial = values }
    let stamp = context.string("creationTimestampPropertyKey")
    for index in edit.fields.indices {
      var field = edit.fields[index]
      guard let attribute = field.attribute else { continue }
      if let value = initial[attribute.name], let text = Self.text(of: value) {
        field.text = TextFieldState(text)
        field.value = (try? ValueParser.parse(text, as: attribute.valueType).get()) ?? .text(text)
        field.isDirty = true
      } else if attribute.name == stamp {
        let now = SQLTimestamp.now(session.date)
        field.value = .timestamp(now)
        field.text = TextFieldState(now.description)
        field.isDirty = true
      } else if let literal = attribute.defaultExpression.flatMap(Self.literalDefault) {
        field.text = TextFieldState(literal)
        field.value = (try? ValueParser.parse(literal, as: attribute.valueType).get()) ?? .null
        field.isDirty = true
      } else if attribute.defaultExpression.map({ $0.uppercased() != "NULL" }) ?? attribute.isGenerated {
        field.usesDefault = true
        let note = "default: " + (attribute.defaultExpression ?? "set by the database")
        field.hint = attribute.comment.flatMap(Session.oneLine).map { $0 + " · " + note } ?? note
      }
      field.area = TextAreaState(field.text.text)
      edit.fields[index] = field
    }
  }

  /// Why a stored value cannot go through its field's editor unchanged, so the field shows
  /// it read-only: a blob in a column of another type (SQLite), or an array the edit text
  /// cannot hold (explicit bounds `[0:2]={…}`, kept as text by the adaptor).
  static func unsafeToEdit(_ value: DatabaseValue, type: ValueType) -> String? {
    switch (value, type) {
    case (.null, _), (.array, .array): return nil
    case (_, .array): return "explicit bounds: not edited"
    case (.blob(let bytes), .text) where !bytes.contains(0): return "not UTF-8 text: shown (v: its bytes), not edited"
    case (.blob, _): return "binary data is shown, not edited"
    default: return nil
    }
  }

  static func text(of value: RuleValue) -> String? {
    switch value {
    case .string(let text), .decimal(let text), .name(let text): return text
    case .integer(let v): return String(v)
    case .bool(let b): return b ? "yes" : "no"
    default: return nil
    }
  }

  /// `'G'` → `G`, `4.99` → `4.99`, `0` → `0`; expressions (`now()`, `nextval(…)`) → nil.
  static func literalDefault(_ expression: String) -> String? {
    var text = expression.trimmingCharacters(in: .whitespaces)
    if let cast = text.range(of: "::") { text = String(text[..<cast.lowerBound]) }
    if text.hasPrefix("'") && text.hasSuffix("'") && text.count >= 2 {
      return String(text.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
    }
    if normalizedDecimal(text) != nil { return text }
    if text.lowercased() == "true" || text.lowercased() == "false" { return text.lowercased() == "true" ? "yes" : "no" }
    return nil
  }

  /// Parses a text field after each key so its error shows as it is typed.
  static func reparse(_ field: inout EditField) {
    guard let attribute = field.attribute else { return }
    let text = field.text.text
    if text.isEmpty {
      field.value = .null
      field.error = nil
      // Like Django's admin: an empty text is a missing value unless a rule allows ''.
      if case .text = attribute.valueType, field.allowsEmptyString { field.value = .text("") }
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

  /// The row with every attribute and the titles of its to-ones.
  func fetch(_ entity: Entity, key: [String: DatabaseValue]) -> FetchSpecification {
    var keyPaths = entity.attributes.map { PropertyPath(key: $0.name) }
    for relationship in entity.relationships where !relationship.isToMany {
      guard let destination = model[entity: relationship.destination], !session.isHidden(destination) else { continue }
      for path in RecordTitle.keyPaths(for: destination) {
        keyPaths.append(PropertyPath(PropertyPath.quoted(relationship.name) + "." + path))
      }
    }
    for path in session.rules.objectPaths[entity.name] where !keyPaths.contains(path) { keyPaths.append(path) }
    return FetchSpecification(entityName: entity.name, qualifier: .matching(key), keyPaths: keyPaths, limit: 1)
  }
}
