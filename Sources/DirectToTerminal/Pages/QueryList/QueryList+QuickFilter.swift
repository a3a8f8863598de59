import Access
import Qualifiers
import TerminalCore
import Widgets

/// `=` keeps rows whose focused column equals the value under the cursor, `!` those that
/// differ (NULL as IS NULL, and NULLs count as different); each stacks onto the filter,
/// which the `\` line shows as text. Backspace on an empty filter line drops the last term.
extension QueryListFeature {
  static func quickFilter(_ state: inout State, equal: Bool, in session: Session) -> Effect<Action> {
    guard state.columns.indices.contains(state.selectedColumn), let row = state.selectedRow,
      let entity = session.entity(named: state.entityName)
    else { return .none }
    let column = state.columns[state.selectedColumn]
    let paths: [String]
    switch column.kind {
    case .attribute: paths = [column.propertyKey]
    case .toOne: paths = column.keyPaths
    case .toMany: return .command(.banner(.notice, "\(column.presentation.label) is a list of rows: nothing to compare"))
    }
    if paths.contains(where: { isPassword($0, in: entity, session: session) }) {
      return .command(.banner(.notice, "Password columns are not filtered"))
    }
    let terms = paths.map { path -> Qualifier in
      let value = (row[path] ?? .null).qualifierValue
      if value == .null { return .comparison(PropertyPath(path), equal ? .equal : .notEqual, .null) }
      if equal { return .comparison(PropertyPath(path), .equal, value) }
      let differs = Qualifier.comparison(PropertyPath(path), .notEqual, value)
      return isNullable(path, in: entity, session: session)
        ? .or([differs, .comparison(PropertyPath(path), .equal, .null)]) : differs
    }
    let term: Qualifier = terms.count == 1 ? terms[0] : (equal ? .and(terms) : .or(terms))
    return applyFilter(&state, filterTerms(state.filter) + [term], in: session)
  }

  /// The terms of a filter: the parts of a top-level AND, or the filter itself.
  static func filterTerms(_ filter: Qualifier?) -> [Qualifier] {
    switch filter {
    case nil: return []
    case .and(let parts)?: return parts
    case let other?: return [other]
    }
  }

  static func applyFilter(_ state: inout State, _ terms: [Qualifier], in session: Session) -> Effect<Action> {
    state.filter = terms.isEmpty ? nil : (terms.count == 1 ? terms[0] : .and(terms))
    state.filterText = state.filter?.description ?? ""
    state.cursor = .fromStart(0)
    state.cursorLine = 0
    state.total = .unknown
    return startQuery(&state, in: session)
  }

  /// Backspace on an empty `\` line: the filter without its last term, shown in the line.
  static func dropLastFilterTerm(_ state: inout State, in session: Session) -> Effect<Action> {
    let terms = filterTerms(state.filter)
    guard !terms.isEmpty else { return .none }
    let effect = applyFilter(&state, Array(terms.dropLast()), in: session)
    state.input = InputLine(kind: .filter, field: TextFieldState(state.filterText), error: nil)
    return effect
  }

  static func isNullable(_ path: String, in entity: Entity, session: Session) -> Bool {
    attribute(at: path, from: entity, session: session)?.isNullable ?? true
  }

  static func isPassword(_ path: String, in entity: Entity, session: Session) -> Bool {
    attribute(at: path, from: entity, session: session)?.isPassword ?? false
  }

  /// The attribute a key path ends at (`address.phone` → Address.phone).
  static func attribute(at path: String, from entity: Entity, session: Session) -> Attribute? {
    var current = entity
    let parts = path.split(separator: ".").map(String.init)
    for part in parts.dropLast() {
      guard let relationship = current[relationship: part], let next = session.model[entity: relationship.destination]
      else { return nil }
      current = next
    }
    return parts.last.flatMap { current[attribute: $0] }
  }
}

extension QueryListFeature {
  /// `v`: the focused cell's value in full (the viewer page).
  static func viewValue(_ state: State, in session: Session) -> Effect<Action> {
    guard state.columns.indices.contains(state.selectedColumn), let row = state.selectedRow,
      let entity = session.entity(named: state.entityName)
    else { return .none }
    let column = state.columns[state.selectedColumn]
    let value: DatabaseValue
    switch column.kind {
    case .attribute:
      if isPassword(column.propertyKey, in: entity, session: session) {
        return .command(.banner(.notice, "Passwords are not shown"))
      }
      value = row[column.propertyKey] ?? .null
    case .toOne, .toMany:
      value = .text(session.cellTexts([column], entity: entity)(row, 0))
    }
    let title = RecordTitle.title(of: row, entity: entity)
    return .command(.open(
      PageRequest(task: .view, entityName: entity.name, crumb: "\(title) · \(column.presentation.label)", value: value),
      from: state.id))
  }
}

extension QueryListFeature {
  /// `y`: the focused cell's value; `Y`: the row's shown columns (passwords never).
  static func copy(_ state: State, row wholeRow: Bool, in session: Session) -> Effect<Action> {
    guard let row = state.selectedRow, let entity = session.entity(named: state.entityName),
      state.columns.indices.contains(state.selectedColumn)
    else { return .none }
    let text = session.cellTexts(state.columns, entity: entity)
    func value(_ index: Int) -> DatabaseValue? {
      let column = state.columns[index]
      guard case .attribute = column.kind else { return .text(text(row, index)) }
      if isPassword(column.propertyKey, in: entity, session: session) { return nil }
      return row[column.propertyKey] ?? .null
    }
    if wholeRow {
      let fields = state.columns.indices.compactMap { index in
        value(index).map { (label: state.columns[index].presentation.label, value: $0) }
      }
      let format = session.context(task: state.task, entity: entity).string("copyRowFormat", "tsv")
      return .command(.copy(CopyText.row(fields, format: format), what: "the row (\(fields.count) values)"))
    }
    guard let copied = value(state.selectedColumn) else {
      return .command(.banner(.notice, "Passwords are not copied"))
    }
    let content = CopyText.value(copied)
    return .command(.copy(content, what: CopyText.describe(content, isNull: copied.isNull)))
  }
}
