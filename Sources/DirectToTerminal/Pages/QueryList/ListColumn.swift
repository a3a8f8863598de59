import Access
import Qualifiers
import TerminalCore

/// One column of a query list, decided by the rules for its property key.
struct ListColumn: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    case attribute
    /// A to-one relationship, shown through the related row's title key paths; `joins`
    /// tell a row with no related row from one whose key names a row that is not there.
    case toOne(titlePaths: [String], destination: String, joins: [Relationship.Join])
    case toMany
  }

  var presentation: PropertyPresentation
  var kind: Kind
  var alignment: Alignment
  /// The to-one is the inverse of a one-to-one: no related row is none, not a dangling key.
  var isInverse = false

  var propertyKey: String { presentation.propertyKey }

  /// The key paths the column needs fetched.
  var keyPaths: [String] {
    switch kind {
    case .attribute: return [propertyKey]
    case .toOne(let titlePaths, _, let joins):
      return titlePaths.map { propertyKey + "." + $0 } + joins.map { PropertyPath.quoted($0.source) }
        + joins.map { propertyKey + "." + PropertyPath.quoted($0.destination) }
    case .toMany: return []
    }
  }

  /// What the column sorts by.
  var sortKeyPath: String? {
    switch kind {
    case .attribute: return propertyKey
    case .toOne(let titlePaths, _, _): return titlePaths.last.map { propertyKey + "." + $0 }
    case .toMany: return nil
    }
  }

  /// What the column shows for a row.
  func value(in row: Row) -> PropertyValue {
    switch kind {
    case .attribute:
      // A key path through a to-many with no related row: nothing, not an empty array.
      if propertyKey.contains("."), case .array(let values)? = row[propertyKey], values.isEmpty { return .value(.null) }
      return .value(row[propertyKey] ?? .null)
    case .toOne(let titlePaths, _, let joins):
      if let missing = PropertyValue.missingToOne(propertyKey, joins: joins, in: row, isInverse: isInverse) {
        return missing
      }
      let parts = titlePaths.compactMap { path -> String? in
        guard let value = row[propertyKey + "." + path], !value.isNull else { return nil }
        return value.plainText
      }
      return .toOne(title: parts.isEmpty ? nil : parts.joined(separator: " "))
    case .toMany:
      return .toMany(count: nil)
    }
  }
}

extension ListColumn {
  /// One column per `displayPropertyKeys` entry, labelled, formatted and aligned by rules.
  static func columns(_ entity: Entity, task: PageTask, in session: Session) -> [ListColumn] {
    let keys =
      session.context(task: task, entity: entity).strings("displayPropertyKeys")
      ?? PropertyKeys.list(entity)
    return keys.compactMap { key in
      // A column that reaches a hidden entity is not shown (nor fetched).
      if session.reachesHidden(key, from: entity) { return nil }
      let kind: ListColumn.Kind
      if let relationship = entity[relationship: key] {
        if relationship.isToMany {
          kind = .toMany
        } else {
          guard let destination = session.model[entity: relationship.destination] else { return nil }
          kind = .toOne(
            titlePaths: RecordTitle.keyPaths(for: destination), destination: destination.name,
            joins: relationship.joins)
        }
      } else if entity[attribute: key] != nil || key.contains(".") {
        kind = .attribute
      } else {
        return nil
      }
      let presentation = session.presentation(task: task, entity: entity, propertyKey: key, component: "DisplayString")
      let sample = session.registry.component(named: presentation.component).display(
        .value(.integer(0)), in: ComponentContext())
      var column = ListColumn(presentation: presentation, kind: kind, alignment: sample.alignment)
      column.isInverse = entity[relationship: key].map { !$0.isToMany && $0.isInverse } ?? false
      return column
    }
  }

  /// The cell texts of a list: the same in `update` (to fit widths) and `view`.
  static func texts(_ columns: [ListColumn], entity: Entity, in session: Session) -> (Row, Int) -> String {
    let cells = cells(columns, entity: entity, in: session)
    return { row, column in cells(row, column).text }
  }

  /// The cells of a list as its components draw them: text and theme role (a NULL muted,
  /// a to-one in the accent colour, a missing one as a warning).
  static func cells(_ columns: [ListColumn], entity: Entity, in session: Session) -> (Row, Int) -> DisplayCell {
    let contexts = columns.map { session.componentContext($0.presentation, entity: entity, isDetail: false) }
    let components = columns.map { session.registry.component(named: $0.presentation.component) }
    return { row, column in
      components[column].display(columns[column].value(in: row), in: contexts[column])
    }
  }
}
