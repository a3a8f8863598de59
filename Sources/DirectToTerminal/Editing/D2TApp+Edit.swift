import Access
import Foundation
import Qualifiers
import Rules
import TerminalCore
import Widgets

/// The edit page: opening it for a row or a new row, keys, validation and save.
extension D2TApp {
  /// Why the row (or entity) cannot be edited, or nil when it can.
  func editRefusal(_ entity: Entity, row: Row?, deleting: Bool = false) -> String? {
    if readOnly { return "This session is read-only (--read-only)" }
    if entity.isReadOnly {
      return entity.primaryKey.isEmpty
        ? "\(entity.displayName) has no primary key: its rows cannot be changed"
        : "\(entity.displayName) is a view: it cannot be changed"
    }
    let context = environment.context(task: "inspect", entity: entity, row: row)
    if context.bool("isEntityReadOnly") {
      return "\(entity.displayName) is read-only" + ruleLocation("isEntityReadOnly", in: context)
    }
    guard row != nil else { return nil }
    let key = deleting ? "isObjectDeletable" : "isObjectEditable"
    if !context.bool(key, true) {
      return (deleting ? "The rules do not allow deleting this row" : "The rules make this row read-only")
        + ruleLocation(key, in: context)
    }
    return nil
  }

  /// ` (sakila.rules:9)`: where a permission came from.
  func ruleLocation(_ key: String, in context: RuleContext) -> String {
    guard let source = context.resolution(forKey: key).rule?.source else { return "" }
    return " (\((source.file as NSString).lastPathComponent):\(source.line))"
  }

  /// `e`: edit the selected row of the focused list or inspector.
  mutating func beginEdit() {
    guard let (entity, row) = selectedRow() else { return }
    if let refusal = editRefusal(entity, row: row) {
      state.banner = (.notice, refusal)
      return
    }
    let key = primaryKey(of: row, entity: entity)
    guard !key.isEmpty else { return }
    openEdit(entity, key: key, crumb: "Edit " + RecordTitle.title(of: row, entity: entity))
  }

  /// `n`: a new row of the focused page's entity.
  mutating func beginInsert() {
    guard let name = state.focusedPage?.entityName, let entity = environment.model[entity: name] else {
      return
    }
    if let refusal = editRefusal(entity, row: nil) {
      state.banner = (.notice, refusal)
      return
    }
    openEdit(entity, key: nil, crumb: "New " + entity.displayName)
  }

  mutating func openEdit(_ entity: Entity, key: [String: DatabaseValue]?, crumb: String) {
    var edit = EditState(entityName: entity.name, key: key, fields: editFields(entity))
    if key == nil { fillNewRowDefaults(&edit, entity: entity) }
    let id = state.newPageID()
    state.push(Page(id: id, task: "edit", entityName: entity.name, crumb: crumb, content: .edit(edit)))
    guard let key else { return }
    edit.loading = clock.now
    state.stack[state.stack.count - 1].content = .edit(edit)
    let spec = editFetch(entity, key: key)
    worker.submit { db in .editLoaded(page: id, attempt { try db.fetch(spec).rows.first }) }
  }

  /// The row with every attribute and the titles of its to-ones.
  func editFetch(_ entity: Entity, key: [String: DatabaseValue]) -> FetchSpecification {
    var keyPaths = entity.attributes.map { PropertyPath($0.name) }
    for relationship in entity.relationships where !relationship.isToMany {
      guard let destination = environment.model[entity: relationship.destination] else { continue }
      for path in RecordTitle.keyPaths(for: destination) {
        keyPaths.append(PropertyPath(relationship.name + "." + path))
      }
    }
    return FetchSpecification(entityName: entity.name, qualifier: .matching(key), keyPaths: keyPaths, limit: 1)
  }

  /// One field per `displayPropertyKeys` entry of the edit task, editor by `component`.
  func editFields(_ entity: Entity) -> [EditField] {
    let keys = environment.context(task: "edit", entity: entity).strings("displayPropertyKeys")
      ?? PropertyKeys.edit(entity)
    return keys.compactMap { key -> EditField? in
      let context = environment.context(task: "edit", entity: entity, propertyKey: key)
      let shown = presentation(task: "edit", entity: entity, propertyKey: key, component: "EditString")
      let component = shown.component
      let label = shown.label
      let attribute = entity[attribute: key]
      let relationship = entity[relationship: key]
      guard attribute != nil || (relationship.map { !$0.isToMany } ?? false) else { return nil }
      var editor: EditField.Editor
      var hint: String?
      switch component {
      case "EditLargeString": editor = .largeText
      case "EditBool": editor = .toggle
      case "EditToOne": editor = .toOne(destination: relationship?.destination ?? "")
      case "EditPassword": editor = .readOnly(reason: "passwords are not edited here")
      case "EditString", "EditNumber", "EditDate", "EditTime", "EditToMany": editor = .text
      default: editor = registry.editor(named: component) != nil ? .custom(component) : .text
      }
      if let attribute {
        if attribute.isPassword { editor = .readOnly(reason: "passwords are not edited here") }
        if attribute.isGenerated && attribute.isPrimaryKey { editor = .readOnly(reason: "set by the database") }
        if !attribute.valueType.isWritable || attribute.valueType == .binary {
          editor = .readOnly(reason: "\(attribute.valueType.name) is shown, not edited")
        }
        if case .boolean = attribute.valueType, case .text = editor { editor = .toggle }
        hint = Self.formatHint(attribute.valueType)
      }
      var choices = context.strings("choices") ?? []
      if let attribute, choices.isEmpty { choices = attribute.enumValues }
      if case .text = editor, !choices.isEmpty { editor = .custom("EditChoice") }
      return EditField(
        propertyKey: key, label: label, editor: editor, attribute: attribute,
        relationship: relationship, value: .null, original: .null, text: TextFieldState(),
        area: TextAreaState(), title: nil, hint: hint, choices: choices)
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
    case .array: return "comma-separated"
    default: return nil
    }
  }

  /// A loaded row into the fields: what the user sees is what `seen` remembers.
  mutating func fill(_ edit: inout EditState, from row: Row) {
    edit.seen = [:]
    guard let entity = environment.model[entity: edit.entityName] else { return }
    for attribute in entity.attributes { edit.seen[attribute.name] = row[attribute.name] ?? .null }
    for index in edit.fields.indices {
      var field = edit.fields[index]
      if let attribute = field.attribute {
        field.value = row[attribute.name] ?? .null
        field.text = TextFieldState(ValueParser.editText(field.value, type: attribute.valueType))
        field.area = TextAreaState(field.text.text)
      } else if let relationship = field.relationship {
        field.value = relationship.joins.count == 1 ? (row[relationship.joins[0].source] ?? .null) : .null
        if let destination = environment.model[entity: relationship.destination], !field.value.isNull {
          field.title = RecordTitle.title(of: row, entity: destination, prefix: relationship.name + ".")
        }
      }
      field.original = field.value
      field.isDirty = false
      field.error = nil
      edit.fields[index] = field
    }
  }

  /// A new row: column defaults, `initialPropertyValues`, `creationTimestampPropertyKey`.
  mutating func fillNewRowDefaults(_ edit: inout EditState, entity: Entity) {
    let context = environment.context(task: "edit", entity: entity)
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
        let now = SQLTimestamp.now()
        field.value = .timestamp(now)
        field.text = TextFieldState(now.description)
        field.isDirty = true
      } else if let literal = attribute.defaultExpression.flatMap(Self.literalDefault) {
        field.text = TextFieldState(literal)
        field.value = (try? ValueParser.parse(literal, as: attribute.valueType).get()) ?? .null
        field.isDirty = true
      } else if attribute.defaultExpression.map({ $0.uppercased() != "NULL" }) ?? attribute.isGenerated {
        field.usesDefault = true
        field.hint = "default: " + (attribute.defaultExpression ?? "set by the database")
      }
      field.area = TextAreaState(field.text.text)
      edit.fields[index] = field
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

  func primaryKey(of row: Row, entity: Entity) -> [String: DatabaseValue] {
    let pairs = entity.primaryKey.compactMap { name in row[name].map { (name, $0) } }
    guard pairs.count == entity.primaryKey.count else { return [:] }
    return Dictionary(uniqueKeysWithValues: pairs)
  }

  /// The entity and row selected on the focused list or inspector.
  func selectedRow() -> (Entity, Row)? {
    switch state.focusedPage?.content {
    case .query(let query)?:
      guard let entity = environment.model[entity: query.entityName],
        let selected = query.table.rows.selected, query.window.rows.indices.contains(selected)
      else { return nil }
      return (entity, query.window.rows[selected])
    case .inspect(let inspect)?:
      guard let entity = environment.model[entity: inspect.entityName], let row = inspect.row else { return nil }
      return (entity, row)
    default:
      return nil
    }
  }
}

extension SQLTimestamp {
  /// The current local time, to the second.
  static func now() -> SQLTimestamp {
    let date = Date()
    let calendar = Calendar(identifier: .gregorian)
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
    return SQLTimestamp(
      date: SQLDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1),
      time: SQLTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0, second: parts.second ?? 0))
  }
}
