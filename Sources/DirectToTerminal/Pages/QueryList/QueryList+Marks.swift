import Access
import Qualifiers
import TerminalCore
import Widgets

/// What the mark keys do.
public enum MarkAction: Equatable, Sendable {
  /// `Space`: marks or unmarks the row under the cursor and moves down.
  case toggle
  /// `*`: marks every row of the list's result (its filter and search included).
  case all
  /// `Ctrl-Space`: no row marked.
  case clear
  case counted(RowMarks, Result<Int, WorkError>)
  /// `Y` with marks: the format chosen.
  case copyAs(String)
  /// The marked rows read for `Y`, to copy in this format.
  case copyRead(String, Result<FetchResult, WorkError>)
  /// `d` with marks: what the delete would touch, read.
  case deletePlanned(Result<BatchDelete, WorkError>)
  case confirmDelete(BatchDelete)
  case deleted(BatchDelete, Result<[ChangeOutcome], SaveFailure>)
  /// The rows that refuse the delete, opened as a list.
  case openDependents(DeleteDependent)
  /// The delete's question answered Cancel.
  case deleteCancelled
}

/// Marks in a list: `Space` marks the row and moves down, `*` every row of the result
/// (kept as its qualifier, so a million rows cost nothing), Ctrl-Space clears them; the
/// title and the status bar say how many (counted by the database, again when rows change
/// elsewhere), marked rows are drawn with `✓` (`+` in ASCII) and bold.
extension QueryListFeature {
  static let allMarkKeys = KeyMap<Action>(
    "Marks",
    [
      KeyBinding(.char(" "), .mark(.toggle), "Mark the row", shown: false, name: "mark"),
      KeyBinding(.char("*"), .mark(.all), "Mark every row of the result", shown: false, name: "markAll"),
      KeyBinding(KeyEvent(.character(" "), modifiers: .control), .mark(.clear), "Clear the marks", name: "clearMarks"),
    ])

  /// The mark keys, Ctrl-Space shown only with marks to clear (lists of rows without a key
  /// have none: a mark names a row by its key).
  static func markKeys(_ state: State, in session: Session) -> KeyMap<Action> {
    guard session.entity(named: state.entityName)?.primaryKey.isEmpty == false else { return KeyMap("Marks", []) }
    return allMarkKeys.updating("clearMarks") { $0.shown = !state.marks.isEmpty }
  }

  static func mark(_ action: MarkAction, _ state: inout State, in session: Session) -> Effect<Action> {
    guard let entity = session.entity(named: state.entityName), !entity.primaryKey.isEmpty else { return .none }
    switch action {
    case .toggle:
      guard let row = state.selectedRow else { return .none }
      let key = session.primaryKey(of: row, entity: entity)
      guard !key.isEmpty else { return .none }
      var values: [String: DatabaseValue] = [:]
      for attribute in entity.attributes { values[attribute.name] = row[attribute.name] }
      state.marks.toggle(key, values: values)
      let moved = update(&state, .navigate(.down), in: session)
      return moved.merge(countMarks(state))
    case .all:
      state.marks.markAll(of: state.qualifier)
      return countMarks(state)
    case .clear:
      state.marks.clear()
      return .none
    case .copyAs(let format):
      return .command(.remember(format, .copyFormat)).merge(readMarkedForCopy(state, format: format))
    case .copyRead(let format, .success(let page)):
      return .command(copyMarked(state, page.rows, format: format, entity: entity, in: session))
    case .copyRead(_, .failure(let error)):
      return .command(.banner(.error, "The marked rows were not copied: " + error.message))
    case .deletePlanned(.success(let plan)) where plan.count == 0:
      state.marks.clear()
      return .command(.banner(.notice, "No marked row is left: nothing deleted"))
    case .deletePlanned(.success(let plan)):
      return .confirm(batchDeleteDialog(plan, entity: entity))
    case .deletePlanned(.failure(let error)):
      return .command(.banner(.error, "Not deleted: " + error.message))
    case .confirmDelete(let plan):
      return .apply(plan.changes) { .mark(.deleted(plan, $0)) }
    case .deleted(let plan, let result):
      return batchDeleted(plan, result, &state, entity: entity, in: session)
    case .deleteCancelled:
      return .command(.banner(.notice, "Nothing deleted"))
    case .openDependents(let dependent):
      let request = PageRequest(
        task: .list, entityName: dependent.destination, baseQualifier: dependent.qualifier, crumb: dependent.label)
      return .command(.open(request, from: state.id))
    case .counted(let marks, let result):
      // A count for marks changed since is of no use.
      guard marks.everyRowOf == state.marks.everyRowOf, marks.keys == state.marks.keys,
        case .success(let count) = result
      else { return .none }
      state.marks.count = count
      // Every marked row went elsewhere: no marks are left to act on (e and d are the row's).
      if count == 0 { state.marks.clear() }
      return .none
    }
  }

  /// `e` with marks: the batch page for the marked rows.
  static func batchEdit(_ state: State, entity: Entity, in session: Session) -> Effect<Action> {
    if let refusal = session.editRefusal(entity, row: nil) { return .command(.banner(.notice, refusal)) }
    guard let qualifier = state.marks.qualifier(within: state.auxiliaryQualifier) else { return .none }
    let batch = BatchRequest(qualifier: qualifier, seen: state.marks.seen, count: state.marks.count)
    return .command(.open(PageRequest(task: .batchEdit, entityName: entity.name, detail: batch), from: state.id))
  }

  /// Rows `Y` copies at most; `x` writes any number.
  static let copyLimit = 10_000

  /// `Y` with marks: which format (the one chosen last first, else the `copyRowFormat` rule's).
  static func copyFormatDialog(_ state: State, in session: Session) -> DialogRequest<Action> {
    let entity = session.entity(named: state.entityName)
    let remembered =
      session.history.texts(.copyFormat).last
      ?? session.context(task: state.task, entity: entity).string("copyRowFormat", "tsv")
    let count = state.marks.count.map { grouped($0) + " marked row" + ($0 == 1 ? "" : "s") } ?? "the marked rows"
    let formats = CopyText.formats
    return DialogRequest(
      title: "Copy", message: "Copy \(count) as",
      buttons: formats.map { .init($0.label, .mark(.copyAs($0.name))) } + [.init("Cancel", nil)],
      defaultButton: formats.firstIndex { $0.name == remembered.lowercased() } ?? 0)
  }

  /// The marked rows in the list's order, read from the database, to copy in `format`.
  static func readMarkedForCopy(_ state: State, format: String) -> Effect<Action> {
    guard !state.marks.isEmpty else { return .none }
    var spec = fetchSpecification(state)
    spec.qualifier = state.actedOnQualifier
    spec.limit = copyLimit
    spec.position = .start
    return .fetch(spec) { .mark(.copyRead(format, $0)) }
  }

  /// The marked rows as text in `format` (`CopyText.table`); passwords are left out.
  static func copyMarked(
    _ state: State, _ rows: [Row], format: String, entity: Entity, in session: Session
  ) -> AppCommand {
    let value = copiedValue(state, entity: entity, in: session)
    let rowsFields = rows.map { copiedFields($0, value: value, state: state) }
    let lines = [CopyText.table(rowsFields, format: format)]
    let total = state.marks.count ?? rows.count
    let what =
      rows.count < total
      ? "the first \(grouped(rows.count)) of \(grouped(total)) marked rows (x exports them all)"
      : "\(grouped(rows.count)) marked row\(rows.count == 1 ? "" : "s")"
    return .copy(lines.joined(separator: "\n"), what: what)
  }

  /// The marked rows counted by the database (rows deleted elsewhere drop out).
  static func countMarks(_ state: State) -> Effect<Action> {
    guard let qualifier = state.marks.qualifier else { return .none }
    let marks = state.marks
    return .count(FetchSpecification(entityName: state.entityName, qualifier: qualifier)) {
      .mark(.counted(marks, $0))
    }
  }

  /// Marked rows: `✓` in the row's left gutter (the pane's border; `+` in ASCII) and bold.
  static func drawMarks(
    _ state: State, entity: Entity, offset: Int, in area: Rect, context: ViewContext, buffer: inout Buffer
  ) {
    guard !state.marks.isEmpty else { return }
    let rows = state.window.rows
    for line in 0..<max(0, area.height - 1) where offset + line < rows.count {
      let key = context.session.primaryKey(of: rows[offset + line], entity: entity)
      guard !key.isEmpty, state.marks.isMarked(key) else { continue }
      let y = area.y + 1 + line
      if area.x > 0 { buffer.setString("✓", x: area.x - 1, y: y, style: context.theme[.accent]) }
      buffer.addAttributes(.bold, in: Rect(x: area.x, y: y, width: area.width, height: 1))
    }
  }
}
