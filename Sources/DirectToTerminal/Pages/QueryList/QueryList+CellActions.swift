import Access
import Qualifiers

/// `v` and `y`/`Y` on the focused cell: the viewer page and the clipboard.
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
      value = .text(ListColumn.texts([column], entity: entity, in: session)(row, 0))
    }
    let title = RecordTitle.title(of: row, entity: entity)
    return .command(
      CellActions.view(
        value, entityName: entity.name, crumb: "\(title) · \(column.presentation.label)", from: state.id))
  }

  /// `y`: the focused cell's value; `Y`: the row's shown columns (passwords never).
  static func copy(_ state: State, row wholeRow: Bool, in session: Session) -> Effect<Action> {
    guard let row = state.selectedRow, let entity = session.entity(named: state.entityName),
      state.columns.indices.contains(state.selectedColumn)
    else { return .none }
    let value = copiedValue(state, entity: entity, in: session)
    if wholeRow {
      let format = session.context(task: state.task, entity: entity).string("copyRowFormat", "tsv")
      return .command(CellActions.copyRow(copiedFields(row, value: value, state: state), format: format))
    }
    guard let copied = value(row, state.selectedColumn) else {
      return .command(.banner(.notice, "Passwords are not copied"))
    }
    return .command(CellActions.copy(copied))
  }

  /// What `y` and `Y` copy of a column's cell: an attribute's value as stored, what a
  /// relationship's cell shows, nothing of a password.
  static func copiedValue(
    _ state: State, entity: Entity, in session: Session
  ) -> (Row, Int) -> DatabaseValue? {
    let text = ListColumn.texts(state.columns, entity: entity, in: session)
    let passwords = state.columns.map { isPassword($0.propertyKey, in: entity, session: session) }
    return { row, index in
      let column = state.columns[index]
      guard case .attribute = column.kind else { return .text(text(row, index)) }
      return passwords[index] ? nil : row[column.propertyKey] ?? .null
    }
  }

  /// A row's labelled values as `Y` copies them, passwords left out.
  static func copiedFields(
    _ row: Row, value: (Row, Int) -> DatabaseValue?, state: State
  ) -> [(label: String, value: DatabaseValue)] {
    state.columns.indices.compactMap { index in
      value(row, index).map { (label: state.columns[index].presentation.label, value: $0) }
    }
  }
}
