import Access
import Qualifiers

/// A fetched row as rules read it: `object.lastName`, `object.address.phone`,
/// `object.actors.lastName` (some actor's: the pages fetch the paths the rules name, see
/// `RuleObjectPaths`), `object.defaultTitle`.
struct RecordObject: KeyValueReadable {
  let entity: Entity
  let row: Row
  /// The key-path prefix of this object inside `row` (`address.` for `object.address`).
  var prefix: String = ""
  /// The model, to tell a path through a to-many (whose value is the related rows' values,
  /// one each) from an array column.
  var model: Model?

  init(entity: Entity, row: Row, prefix: String = "", model: Model? = nil) {
    self.entity = entity
    self.row = row
    self.prefix = prefix
    self.model = model
  }

  func value(forKey key: String) -> KeyValue? {
    if prefix.isEmpty && key == "defaultTitle" {
      return .value(.string(RecordTitle.title(of: row, entity: entity)))
    }
    let path = prefix + PropertyPath.quoted(key)
    if let value = row[path] {
      guard let model, model.crossesToMany(from: entity, PropertyPath(path)) else {
        return .value(value.qualifierValue)
      }
      guard case .array(let values) = value else { return .many([]) }
      return .many(values.map { .value($0.qualifierValue) })
    }
    let nested = path + "."
    if row.columns.contains(where: { $0.hasPrefix(nested) }) {
      return .object(RecordObject(entity: entity, row: row, prefix: nested, model: model))
    }
    return nil
  }
}

extension Model {
  /// Whether `path` from `entity` goes through a to-many before its last key.
  func crossesToMany(from entity: Entity, _ path: PropertyPath) -> Bool {
    var current = entity
    for key in path.components.dropLast() {
      guard let relationship = current[relationship: key] else { return false }
      if relationship.isToMany { return true }
      guard let next = self[entity: relationship.destination] else { return false }
      current = next
    }
    return false
  }
}

extension DatabaseValue {
  /// The value as qualifiers compare it.
  var qualifierValue: QualifierValue {
    switch self {
    case .null: return .null
    case .integer(let v): return .integer(v)
    case .real(let v): return .decimal(String(v))
    case .decimal(let text): return .decimal(text)
    case .bool(let b): return .bool(b)
    case .text(let text), .json(let text): return .string(text)
    case .array(let values): return .list(values.map(\.qualifierValue))
    default: return .string(literalText)
    }
  }
}

/// How a row is named in breadcrumbs, to-one cells and dialogs: `ACADEMY DINOSAUR`,
/// `MARY SMITH`, `Store 1`.
enum RecordTitle {
  /// The first line of `text`, cut to `limit` characters.
  static func shortened(_ text: String, limit: Int) -> String {
    let line = text.prefix { $0 != "\n" && $0 != "\r" }
    guard line.count > limit || line.count < text.count else { return text }
    return String(line.prefix(limit)) + "…"
  }

  /// The key path that titles rows of `entity`: `title`, `name`, … (nil: use the key).
  static func keyPath(for entity: Entity) -> String? {
    let names = entity.attributes.map(\.name)
    for candidate in ["title", "name", "fullName", "displayName", "label", "username", "email"]
    where names.contains(candidate) {
      return candidate
    }
    for name in names where name.lowercased().hasSuffix("name") {
      if let attribute = entity[attribute: name], case .text = attribute.valueType { return PropertyPath.quoted(name) }
    }
    for attribute in entity.attributes where !attribute.isPrimaryKey {
      if case .text = attribute.valueType, !attribute.isPassword { return PropertyPath.quoted(attribute.name) }
    }
    return nil
  }

  /// Properties that name a person, given name first.
  static let personNames = [
    ("firstName", "lastName"), ("givenName", "familyName"), ("forename", "surname"), ("firstname", "lastname"),
  ]

  /// The key paths a title needs (`firstName`, `lastName` for people). A person is named
  /// by their names even beside a `title` column, which is then a job title (every chinook
  /// customer's support rep read "Sales Support Agent"); an entity with a `name` of its own
  /// keeps it.
  static func keyPaths(for entity: Entity) -> [String] {
    let names = Set(entity.attributes.map(\.name))
    if names.isDisjoint(with: ["name", "fullName", "displayName"]),
      let (given, family) = personNames.first(where: { names.contains($0.0) && names.contains($0.1) })
    {
      return [given, family]
    }
    return keyPath(for: entity).map { [$0] } ?? entity.primaryKey.map(PropertyPath.quoted)
  }

  /// The title of a row: at most `limit` characters of its first line, `…` marking a cut.
  static func title(of row: Row, entity: Entity, prefix: String = "", limit: Int = 60) -> String {
    let parts = keyPaths(for: entity).compactMap { key -> String? in
      guard let value = row[prefix + key], !value.isNull else { return nil }
      return text(of: value)
    }
    if !parts.isEmpty { return shortened(parts.joined(separator: " "), limit: limit) }
    let key = entity.primaryKey.compactMap { row[prefix + PropertyPath.quoted($0)].map(text) }.joined(separator: ", ")
    return key.isEmpty ? entity.displayName : entity.displayName + " " + key
  }

  /// A value in a title as the lists show it: a timestamp as `2022-01-23 13:03:52.212496
  /// UTC`, not PostgreSQL's `+00` text (a log table keyed by time and id was titled
  /// `2022-01-23 13:03:52.212496+00 26990`).
  static func text(of value: DatabaseValue) -> String {
    DateText.timestamp(value, style: "iso") ?? DateText.time(value, fractions: true) ?? value.plainText
  }
}
