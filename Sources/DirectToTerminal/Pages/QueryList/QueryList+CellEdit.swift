import Access
import Qualifiers
import TerminalCore
import Theming
import Widgets

/// `c` edits the focused cell in place (issue 24 item 5): the edit page's field for the
/// column — its component, its parsing and validation — drawn over the cell; Enter saves it
/// (conflict-checked against the row as the list showed it, recorded in the journal, `u`
/// undoes), Tab saves and moves to the row's next editable cell, Esc drops the change.
extension QueryListFeature {
  static let cellKeys = KeyMap<Action>(
    "Cells", [KeyBinding(.char("c"), .cell(.begin), "Edit the value in place", shown: false, name: "editCell")])

  /// While a cell is edited every key goes to it.
  static func cellAction(for key: KeyEvent) -> Action {
    switch (key.key, key.modifiers) {
    case (.enter, []): return .cell(.save(next: false))
    case (.tab, []): return .cell(.save(next: true))
    case (.escape, _): return .cell(.cancel)
    default: return .cell(.key(key))
    }
  }

  static func cell(_ action: CellEditAction, _ state: inout State, in session: Session) -> Effect<Action> {
    guard let entity = session.entity(named: state.entityName) else { return .none }
    switch action {
    case .begin:
      return beginCellEdit(&state, from: state.selectedColumn, searching: false, row: nil, entity: entity, in: session)
    case .key(let key):
      guard var edit = state.cellEdit, !edit.isSaving else { return .none }
      // The edit page's own handling of the field (a to-one or members never get here).
      _ = EditFeature.editField(&edit.edit, key, in: session)
      edit.edit.message = nil
      state.cellEdit = edit
    case .paste(let text):
      guard var edit = state.cellEdit, !edit.isSaving else { return .none }
      _ = EditFeature.update(&edit.edit, .paste(text), in: session)
      state.cellEdit = edit
    case .save(let next):
      return saveCell(&state, next: next, entity: entity, in: session)
    case .cancel:
      guard state.cellEdit?.isSaving != true else { return .none }
      state.cellEdit = nil
    case .saved(let change, let next, .success(let outcomes)):
      return cellSaved(&state, change, next: next, outcome: outcomes.first, entity: entity, in: session)
    case .saved(_, _, .failure(let failure)):
      guard var edit = state.cellEdit else { return .none }
      edit.isSaving = false
      if case .conflict(let conflict) = failure, !conflict.isDeleted, let field = edit.field {
        var theirs = edit.theirs ?? [:]
        for changed in conflict.fields { theirs[changed.attribute] = changed.current }
        edit.theirs = theirs
        let now = conflict.fields.first { $0.attribute == field.attribute?.name }?.current
        edit.edit.message =
          "changed by someone else"
          + (now.map { " (now \(session.dialect.literal($0).terminalSafe))" } ?? "")
          + ": Enter saves yours over it, Esc drops yours"
      } else {
        edit.edit.message = session.explain(failure, entity: entity)
      }
      state.cellEdit = edit
    }
    return .none
  }

  /// Edits the cell of `row` (the selected one) in `from`, or with `searching` the first
  /// editable cell from there on; says why when a cell cannot be edited here.
  static func beginCellEdit(
    _ state: inout State, from column: Int, searching: Bool, row: Row?, entity: Entity, in session: Session
  ) -> Effect<Action> {
    guard let row = row ?? state.selectedRow else { return .none }
    if let refusal = session.editRefusal(entity, row: row) { return .command(.banner(.notice, refusal)) }
    let key = session.primaryKey(of: row, entity: entity)
    guard !key.isEmpty else { return .none }
    let fields = EditFieldBuilder(session).fields(entity)
    var refusal: String?
    for index in state.columns.indices.dropFirst(column) {
      let listColumn = state.columns[index]
      switch editableField(listColumn, fields: fields, row: row, entity: entity, in: session) {
      case .success(let field):
        var seen: [String: DatabaseValue] = [:]
        // What the list read of the row: the conflict check compares those columns.
        for attribute in entity.attributes { if let value = row[attribute.name] { seen[attribute.name] = value } }
        var edit = EditFeature.State(id: state.id, entityName: entity.name, key: key, fields: [field], crumb: "")
        edit.seen = seen
        state.cellEdit = CellEdit(key: key, seen: seen, edit: edit, column: index)
        state.selectedColumn = index
        return .none
      case .failure(let reason):
        refusal = refusal ?? reason.reason
        if !searching { return .command(.banner(.notice, reason.reason)) }
      }
    }
    state.cellEdit = nil
    return searching ? .none : .command(.banner(.notice, refusal ?? "Nothing to edit here"))
  }

  /// The edit page's field for a list column, filled with the row's value; why not, when
  /// the column is not a value of the row d2t edits in place.
  static func editableField(
    _ column: ListColumn, fields: [EditField], row: Row, entity: Entity, in session: Session
  ) -> Result<EditField, ValueParser.Failure> {
    let label = column.presentation.label
    guard column.kind == .attribute, !column.propertyKey.contains("."),
      var field = fields.first(where: { $0.propertyKey == column.propertyKey }), let attribute = field.attribute
    else {
      return .failure(.init(reason: "\(label) is not a value of the row: change it on the edit page (e)"))
    }
    EditFieldBuilder(session).fill(&field, with: row[attribute.name] ?? .null)
    switch field.editor {
    case .text, .toggle, .custom: break
    case .largeText:
      guard !field.text.text.contains("\n") else {
        return .failure(.init(reason: "\(label) has several lines: edit it on the edit page (e)"))
      }
      field.editor = .text
    case .readOnly(let reason):
      return .failure(.init(reason: "\(label): \(reason)"))
    case .toOne, .members, .inline:
      return .failure(.init(reason: "\(label) is chosen on the edit page (e)"))
    }
    return .success(field)
  }

  static func saveCell(_ state: inout State, next: Bool, entity: Entity, in session: Session) -> Effect<Action> {
    guard var edit = state.cellEdit, !edit.isSaving, let field = edit.field, let attribute = field.attribute else {
      return .none
    }
    guard field.isDirty else {
      state.cellEdit = nil
      if next {
        return beginCellEdit(&state, from: edit.column + 1, searching: true, row: nil, entity: entity, in: session)
      }
      return .none
    }
    if session.readOnly {
      edit.edit.message = Session.readOnlyText(session.readOnlyReason) + ": nothing is written"
      state.cellEdit = edit
      return .none
    }
    let problems = EditFeature.validate(&edit.edit)
    guard problems.isEmpty else {
      edit.edit.message = problems.joined(separator: "; ")
      state.cellEdit = edit
      return .none
    }
    var values = [attribute.name: field.value]
    if let (name, stamp) = EditFeature.updateStamp(entity, in: session), name != attribute.name { values[name] = stamp }
    let original = edit.seen.merging(edit.theirs ?? [:]) { _, theirs in theirs }
    let change = Change.update(entity: entity.name, key: edit.key, values: values, original: original)
    edit.isSaving = true
    state.cellEdit = edit
    return .apply([change]) { .cell(.saved(change, next: next, $0)) }
  }

  static func cellSaved(
    _ state: inout State, _ change: Change, next: Bool, outcome: ChangeOutcome?, entity: Entity, in session: Session
  ) -> Effect<Action> {
    guard let edit = state.cellEdit, case .update(_, let key, _, let original) = change,
      case .updated(let stored)? = outcome
    else {
      state.cellEdit = nil
      return .command(.dataChanged)
    }
    state.cellEdit = nil
    let title = RecordTitle.title(of: stored, entity: entity)
    var effect = Effect<Action>.none
    // The edit page's own inverse: each value back to what the list showed.
    if let inverse = EditFeature.inverse(
      of: change, outcome: .updated(stored), seen: original, entity: entity, in: session)
    {
      effect = .command(
        .recordChange(
          ChangeRecord(
            change: change, inverse: inverse, title: title,
            beforeTitle: RecordTitle.title(of: Row(edit.seen), entity: entity))))
    }
    // The row as stored, at once (the list reads it again with everything else).
    if let index = state.window.rows.firstIndex(where: { session.primaryKey(of: $0, entity: entity) == key }) {
      var row = state.window.rows[index]
      for (name, value) in stored.dictionary where row[name] != nil {
        if let position = row.columns.firstIndex(of: name) { row.values[position] = value }
      }
      state.window.rows[index] = row
    }
    let label = edit.field?.label ?? ""
    state.message = nil
    effect = effect.merge(.command(.banner(.success, "Saved \(label) of \(entity.displayName) “\(title)” — u undoes")))
      .merge(.command(.dataChanged))
    if next {
      effect = effect.merge(
        beginCellEdit(&state, from: edit.column + 1, searching: true, row: stored, entity: entity, in: session))
    }
    return effect
  }

  /// The cell editor over the cell, and its line at the bottom (what is wrong, or the keys).
  static func drawCellEdit(
    _ state: State, cell: Rect?, area: Rect, context: ViewContext, buffer: inout Buffer
  ) {
    guard let edit = state.cellEdit, let field = edit.field else { return }
    if let cell {
      // Wider than the cell only as far as the value needs (a text and its cursor, a toggle's
      // label, a picker's choices).
      let needed: Int
      switch field.editor {
      case .text, .largeText: needed = field.text.text.displayWidth + 1
      case .toggle: needed = 8
      default: needed = 30
      }
      let width = max(cell.width, min(needed, 40, area.right - cell.x))
      let rect = Rect(x: cell.x, y: cell.y, width: width, height: 1)
      buffer.fill(rect, with: .blank(context.theme[.focusedInput]))
      EditFeature.drawValue(field, focused: true, isNew: false, context: context, in: rect, buffer: &buffer)
    }
    // A problem from validation names its field already (`Score: a whole number`).
    let line: String
    if edit.isSaving {
      line = field.label + ": saving…"
    } else if let message = edit.edit.message {
      line = "⚠ " + (message.hasPrefix(field.label + ":") ? message : field.label + ": " + message)
    } else {
      line =
        field.label + ": " + (field.hint.map { $0 + " · " } ?? "")
        + "Enter saves · Tab saves and edits the next · Esc drops"
    }
    buffer.setString(
      line, x: area.x, y: area.bottom - 1, width: area.width,
      style: context.theme[edit.edit.message == nil ? .muted : .error])
  }
}
