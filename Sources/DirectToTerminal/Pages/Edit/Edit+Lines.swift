import Access
import Qualifiers
import TerminalCore
import Widgets

/// An inline to-many on the edit page (`inlineRelationshipKeys`: an invoice's lines): read
/// with the row, changed line by line in nested editors whose Ctrl-S hands the line back
/// unsaved, and saved with the row in one transaction.
extension EditFeature {
  /// The lines of each inline field, read once the row is.
  static func readLines(_ state: State, row: Row, in session: Session) -> Effect<Action> {
    .batch(
      state.fields.compactMap { field -> Effect<Action>? in
        guard case .inline = field.editor, let relationship = field.relationship,
          let destination = session.entity(named: relationship.destination)
        else { return nil }
        let qualifier = Qualifier.related(by: relationship.joins, to: row)
        // Every attribute, and the titles of the line's to-ones (a line is named by them).
        var keyPaths = destination.attributes.map { PropertyPath(key: $0.name) }
        for toOne in destination.relationships where !toOne.isToMany {
          guard let target = session.entity(named: toOne.destination), !session.isHidden(target) else { continue }
          keyPaths += RecordTitle.keyPaths(for: target).map { PropertyPath(PropertyPath.quoted(toOne.name) + "." + $0) }
        }
        return .fetch(
          FetchSpecification(
            entityName: destination.name, qualifier: qualifier,
            sortOrderings: destination.primaryKey.map { SortOrdering(PropertyPath(key: $0)) }, keyPaths: keyPaths)
        ) {
          .linesRead(field.propertyKey, $0)
        }
      })
  }

  /// A line's title: its own (`RecordTitle`), or for a row with none (an invoice line) what
  /// its fields show — its to-ones' titles and its values, but the link to the parent:
  /// `lamp · Quantity 4`.
  static func lineTitle(_ row: Row, entity: Entity, parent: Relationship, in session: Session) -> String {
    guard RecordTitle.keyPaths(for: entity) == entity.primaryKey.map(PropertyPath.quoted) else {
      return RecordTitle.title(of: row, entity: entity)
    }
    let keys = session.context(task: .edit, entity: entity).strings("displayPropertyKeys") ?? PropertyKeys.edit(entity)
    let parentKeys = Set(parent.joins.map(\.destination))
    let shown = keys.compactMap { key -> String? in
      if let toOne = entity[relationship: key], !toOne.isToMany {
        guard !toOne.joins.contains(where: { parentKeys.contains($0.source) }),
          let target = session.entity(named: toOne.destination),
          toOne.joins.contains(where: { !(row[$0.source]?.isNull ?? true) })
        else { return nil }
        return RecordTitle.title(of: row, entity: target, prefix: PropertyPath.quoted(key) + ".")
      }
      guard let attribute = entity[attribute: key], !attribute.isPassword, !parentKeys.contains(key),
        !entity.primaryKey.contains(key), let value = row[key], !value.isNull
      else { return nil }
      return session.label(of: key, in: entity) + " " + value.plainText
    }
    return shown.isEmpty
      ? RecordTitle.title(of: row, entity: entity) : RecordTitle.shortened(shown.joined(separator: " · "), limit: 60)
  }

  static func linesRead(
    _ state: inout State, _ key: String, _ result: Result<FetchResult, WorkError>, in session: Session
  ) {
    guard let index = state.fields.firstIndex(where: { $0.propertyKey == key }),
      let relationship = state.fields[index].relationship,
      let destination = session.entity(named: relationship.destination)
    else { return }
    switch result {
    case .success(let page):
      var lines = InlineLines()
      lines.lines = page.rows.map { row in
        InlineLines.Line(
          key: session.primaryKey(of: row, entity: destination),
          original: row.dictionary.filter { destination[attribute: $0.key] != nil },
          title: lineTitle(row, entity: destination, parent: relationship, in: session))
      }
      lines.isLoaded = true
      state.fields[index].inline = lines
    case .failure(let error):
      state.fields[index].error = "lines not read: " + error.message
    }
  }

  /// j/k move, n adds a line, Enter edits the selected one, d removes it (again: keeps it).
  static func lineKey(_ state: inout State, _ key: KeyEvent, in session: Session) -> Effect<Action> {
    guard var lines = state.focusedField?.inline else { return .none }
    switch key {
    case .char("j"):
      lines.selected = min(lines.selected + 1, max(0, lines.lines.count - 1))
    case .char("k"):
      lines.selected = max(0, lines.selected - 1)
    case .char("n"):
      return openLine(&state, index: nil, in: session)
    case KeyEvent(.enter):
      return lines.lines.isEmpty
        ? openLine(&state, index: nil, in: session) : openLine(&state, index: lines.selected, in: session)
    case .char("d"), KeyEvent(.delete):
      guard lines.lines.indices.contains(lines.selected) else { return .none }
      if lines.lines[lines.selected].isNew {
        lines.lines.remove(at: lines.selected)
        lines.selected = max(0, min(lines.selected, lines.lines.count - 1))
      } else {
        lines.lines[lines.selected].isRemoved.toggle()
      }
      state.fields[state.focus].isDirty = true
    default:
      return .none
    }
    state.fields[state.focus].inline = lines
    return .none
  }

  /// A nested editor for the line at `index` (nil: a new one), linked to this row.
  static func openLine(_ state: inout State, index: Int?, in session: Session) -> Effect<Action> {
    guard let field = state.focusedField, let relationship = field.relationship, let lines = field.inline,
      let destination = session.entity(named: relationship.destination)
    else { return .none }
    if let refusal = session.editRefusal(destination, row: nil) {
      state.message = "\(field.label): " + refusal
      return .none
    }
    let line = index.flatMap { lines.lines.indices.contains($0) ? lines.lines[$0] : nil }
    if line?.isRemoved == true {
      state.message = "\(field.label): this line is removed; d keeps it"
      return .none
    }
    var request = PageRequest(
      task: .edit, entityName: destination.name, key: line?.key,
      crumb: (line.map { "Line “" + $0.title + "”" } ?? "New line") + " of " + field.label)
    // A new line points to this row: its key, or, for a row not saved yet, the key it gets.
    if line?.key == nil {
      request.newRowValues = relationship.joins.destinationValues { state.seen[$0] ?? .null }
    }
    request.editedValues = line?.values ?? [:]
    request.pendingFor = PendingTarget(
      page: state.id, propertyKey: field.propertyKey, slot: .line(index), ownerEntity: state.entityName)
    return .command(.open(request, from: state.id))
  }

  /// A nested editor's line, handed back.
  static func lineHandedBack(
    _ state: inout State, propertyKey: String, index: Int?, values: [String: DatabaseValue], title: String
  ) {
    guard let field = state.fields.firstIndex(where: { $0.propertyKey == propertyKey }),
      var lines = state.fields[field].inline
    else { return }
    if let index, lines.lines.indices.contains(index) {
      lines.lines[index].values = values
      lines.lines[index].title = title
      lines.selected = index
    } else {
      lines.lines.append(InlineLines.Line(values: values, title: title))
      lines.selected = lines.lines.count - 1
    }
    state.fields[field].inline = lines
    state.fields[field].isDirty = true
    state.focus = field
  }

  /// The lines' changes, after the row's (at `parent`, nil when the row itself is not
  /// written): a new line takes the row's key (its generated one, for a new row).
  static func lineChanges(_ state: State, parent: Int?) -> [(field: Int, line: Int, change: Change)] {
    var changes: [(field: Int, line: Int, change: Change)] = []
    for (fieldIndex, field) in state.fields.enumerated() {
      guard let lines = field.inline, let relationship = field.relationship else { continue }
      for (lineIndex, line) in lines.lines.enumerated() where line.isChanged {
        let entity = relationship.destination
        var values = line.values
        for join in relationship.joins { values.removeValue(forKey: join.destination) }
        let change: Change
        if let key = line.key {
          if line.isRemoved {
            change = .delete(entity: entity, key: key, original: line.original)
          } else {
            change = .update(entity: entity, key: key, values: line.values, original: line.original)
          }
        } else if state.isNew, let parent {
          change = .linked(
            .insert(entity: entity, values: values),
            links: Dictionary(
              uniqueKeysWithValues: relationship.joins.map {
                ($0.destination, Change.Link(change: parent, attribute: $0.source))
              }))
        } else {
          for join in relationship.joins { values[join.destination] = state.seen[join.source] ?? .null }
          change = .insert(entity: entity, values: values)
        }
        changes.append((fieldIndex, lineIndex, change))
      }
    }
    return changes
  }
}

extension EditFeature {
  /// The values a nested editor opens with as typed (a line changed before, edited again):
  /// each field shows and keeps them, marked changed — a to-one its chosen row, whose title
  /// is read.
  @discardableResult
  static func applyEdited(_ state: inout State) -> Effect<Action> {
    guard !state.editedValues.isEmpty else { return .none }
    var effect = Effect<Action>.none
    for index in state.fields.indices {
      if case .toOne(let destination) = state.fields[index].editor, !state.fields[index].isPreset,
        let relationship = state.fields[index].relationship,
        relationship.joins.allSatisfy({ state.editedValues[$0.source] != nil })
      {
        let values = Dictionary(
          uniqueKeysWithValues: relationship.joins.map { ($0.source, state.editedValues[$0.source] ?? .null) })
        state.fields[index].joinValues = values
        state.fields[index].value = relationship.joins.first.flatMap { values[$0.source] } ?? .null
        state.fields[index].isDirty = true
        state.fields[index].usesDefault = false
        if !state.fields[index].value.isNull {
          let key = relationship.joins.destinationValues { values[$0] }
          let spec = FetchSpecification(entityName: destination, qualifier: .matching(key), limit: 1)
          let propertyKey = state.fields[index].propertyKey
          effect = effect.merge(.fetch(spec) { .presetTitle(propertyKey, destination, $0) })
        }
        continue
      }
      guard let attribute = state.fields[index].attribute, let value = state.editedValues[attribute.name] else {
        continue
      }
      state.fields[index].value = value
      state.fields[index].text = TextFieldState(ValueParser.editText(value, type: attribute.valueType))
      state.fields[index].area = TextAreaState(state.fields[index].text.text)
      state.fields[index].isDirty = true
      state.fields[index].usesDefault = false
    }
    state.editedValues = [:]
    return effect
  }
}
