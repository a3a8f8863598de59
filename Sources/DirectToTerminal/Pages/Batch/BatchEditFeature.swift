import Access
import Qualifiers
import TerminalCore
import Widgets

/// A batch change (issue 24 item 2): `e` on a list with marks opens the entity's fields,
/// each `· unchanged ·`; a field typed into (or set to ∅ with Ctrl-N) applies to every
/// marked row. Ctrl-S first tries the change in a transaction that is rolled back and shows
/// the number of rows, the `UPDATE` and what the database said; Apply writes it in one
/// transaction, recorded as one journal step that `u` reverts row by row.
public enum BatchEditFeature: PageFeature {
  public struct State: Equatable, Sendable {
    /// The fields, as the edit page keeps them (its keys, components and validation).
    var edit: EditFeature.State
    var request: BatchRequest
    /// Ctrl-S was pressed: the change is tried, then applied.
    var phase = Phase.editing

    enum Phase: Equatable, Sendable {
      case editing
      case previewing(since: ContinuousClock.Instant)
      case applying(since: ContinuousClock.Instant)
    }
  }

  public enum Action: Equatable, Sendable {
    case edit(EditFeature.Action)
    /// Ctrl-S: try the change.
    case preview
    case previewed(BatchChange, Result<BatchPreview, WorkError>)
    /// Apply it (leaving out the rows changed since they were marked).
    case apply(BatchChange, leavingOut: [[String: DatabaseValue]])
    case applied(BatchChange, Result<BatchRows, SaveFailure>)
    case close
    case discard
    /// A question answered Cancel (or Back): said, nothing written.
    case cancelled
    /// Ctrl-G: the focused field back to `· unchanged ·`.
    case leaveUnchanged
  }

  public static let name = "BatchEditPage"

  public static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal) -> (State, Effect<Action>) {
    guard let entity = session.entity(named: request.entityName) else {
      throw PageRefusal("The page \(name) needs an entity, and task '\(request.task)' has none here.")
    }
    guard let batch = request.detail(as: BatchRequest.self) else {
      throw PageRefusal("The batch page changes a list's marked rows; mark rows (Space, *) and press e.")
    }
    if let refusal = session.editRefusal(entity, row: nil) { throw PageRefusal(refusal, asBanner: true) }
    let marked = batch.count.map { grouped($0) + " marked" } ?? "marked rows"
    var edit = EditFeature.State(
      id: id, entityName: entity.name, key: nil, fields: fields(of: entity, in: session),
      crumb: request.crumb ?? "Change \(marked) of \(entity.displayName)")
    edit.isBatch = true
    edit.focus = edit.fields.firstIndex { !$0.isReadOnly } ?? 0
    edit.message = "Only the fields you set change, on every marked row; Ctrl-S shows what it would do first"
    return (State(edit: edit, request: batch), .none)
  }

  /// The entity's fields without its lines and members; its key, and what the database
  /// computes, are shown, not set.
  static func fields(of entity: Entity, in session: Session) -> [EditField] {
    EditFieldBuilder(session).fields(entity).compactMap { field in
      guard !field.isMembers else { return nil }
      var field = field
      field.value = .null
      field.original = .null
      if field.attribute?.isPrimaryKey == true, !field.isReadOnly {
        field.editor = .readOnly(reason: "a key is not set on many rows at once")
      }
      return field
    }
  }

  static var edit: PageScope<Self, EditFeature> {
    PageScope(state: \.edit, action: Action.edit) {
      if case .edit(let action) = $0 { action } else { nil }
    }
  }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> {
    let focused = state.edit.focusedField
    return edit.keyMap(state, in: session).map(own)
      .then(ownKeys.updating("leaveUnchanged") { $0.shown = focused?.isDirty == true })
  }

  static let ownKeys = KeyMap<Action>(
    "Batch change", [KeyBinding(.ctrl("g"), .leaveUnchanged, "Leave unchanged", name: "leaveUnchanged")])

  /// The edit page's Ctrl-S and Esc are the batch page's own.
  static func own(_ action: Action) -> Action {
    switch action {
    case .edit(.save): return .preview
    case .edit(.close): return .close
    default: return action
    }
  }

  public static var keySection: String { "edit" }

  public static func action(for key: KeyEvent, _ state: State, in session: Session) -> Action? {
    if state.phase != .editing { return nil }
    if let own = ownKeys.action(for: key) { return own }
    return edit.action(for: key, state, in: session).map(own)
  }

  public static func action(forPaste text: String, _ state: State) -> Action? {
    state.phase == .editing ? edit.action(forPaste: text, state) : nil
  }

  public static func action(for message: PageMessage) -> Action? { edit.action(for: message) }

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    guard let entity = session.entity(named: state.edit.entityName) else { return .none }
    switch action {
    case .edit(.message(.cancelled)) where state.phase != .editing:
      // Esc while the change is tried or applied: the runtime interrupts it; it rolls back.
      state.edit.message = "Cancelling… nothing is written after this"
      return .none
    case .edit(let inner):
      return edit.lift(EditFeature.update(&state.edit, inner, in: session))
    case .preview:
      guard let batch = change(&state, entity: entity, in: session) else { return .none }
      state.phase = .previewing(since: session.now)
      state.edit.message = "Trying the change in a transaction that is then rolled back… (Esc cancels)"
      return .run(
        "batch preview", of: batch,
        { context in
          try context.database.preview(batch) { context.isCancelled }
        }
      ) { .previewed(batch, $0) }
    case .previewed(_, .success(let preview)) where preview.count == 0 && preview.problem == nil:
      // The marked rows all went elsewhere since they were marked.
      state.phase = .editing
      state.edit.message = "No marked row is left to change: nothing was written"
      return .none
    case .previewed(let batch, .success(let preview)):
      state.phase = .editing
      state.edit.message = nil
      return .confirm(dialog(batch, preview, entity: entity, in: session))
    case .previewed(_, .failure(let error)):
      state.phase = .editing
      state.edit.message = error.isCancelled ? "Cancelled; nothing was written" : "Not tried — " + error.message
      return .none
    case .apply(let asked, let leavingOut):
      var chosen = asked
      if !leavingOut.isEmpty {
        chosen.qualifier = .and([chosen.qualifier, .not(.or(leavingOut.map(Qualifier.matching)))])
        for key in leavingOut { chosen.seen[key] = nil }
      }
      let batch = chosen
      state.phase = .applying(since: session.now)
      state.edit.message = "Changing the rows… (Esc cancels: nothing is committed after it)"
      return .run(
        "batch change", of: batch,
        { context in
          Result { try context.database.apply(batch) { context.isCancelled } }.mapError(SaveFailure.init)
        }
      ) { result in
        switch result {
        case .success(let applied): return .applied(batch, applied)
        case .failure(let error) where error.isCancelled:
          return .applied(batch, .failure(.refused(DatabaseError(.cancelled, "cancelled"))))
        case .failure(let error): return .applied(batch, .failure(.other(error.message)))
        }
      }
    case .applied(_, .success(let rows)) where rows.count == 0:
      state.phase = .editing
      state.edit.message = "No marked row is left to change: nothing was written"
      return .none
    case .applied(_, .success(let rows)):
      state.phase = .editing
      let title = "\(grouped(rows.count)) row\(rows.count == 1 ? "" : "s") of \(entity.displayName)"
      let labels = rows.columns.map { name in state.edit.fields.first { $0.attribute?.name == name }?.label ?? name }
      let record = ChangeRecord(
        change: .updateRows(entity: entity.name, rows: rows, undoing: false),
        inverse: .updateRows(entity: entity.name, rows: rows, undoing: true), title: title)
      return .command(.recordChange(record))
        .merge(.command(.banner(.success, "Changed \(title): \(labels.joined(separator: ", ")) — u undoes")))
        .merge(.command(.dataChanged))
        .merge(.command(.close(state.edit.id)))
    case .applied(_, .failure(let failure)):
      state.phase = .editing
      state.edit.message = session.explain(failure, entity: entity)
      return .none
    case .close:
      guard state.edit.hasChanges else { return .command(.close(state.edit.id)) }
      return .confirm(
        DialogRequest(
          title: "Unsaved batch change", message: "Leave without changing the marked rows?",
          buttons: [.init("Leave", .discard), .init("Keep editing", nil)], defaultButton: 1))
    case .discard:
      return .command(.close(state.edit.id))
    case .cancelled:
      state.edit.message = "Not changed: nothing was written"
    case .leaveUnchanged:
      guard state.edit.fields.indices.contains(state.edit.focus) else { return .none }
      var field = state.edit.fields[state.edit.focus]
      field.clearValue()
      field.isDirty = false
      state.edit.fields[state.edit.focus] = field
    }
    return .none
  }

  /// The change the fields describe, validated; nil (with the reason shown) when there is
  /// nothing to set or a field is wrong.
  static func change(_ state: inout State, entity: Entity, in session: Session) -> BatchChange? {
    if session.readOnly {
      state.edit.message = Session.readOnlyText(session.readOnlyReason) + ": nothing is written"
      return nil
    }
    let problems = EditFeature.validate(&state.edit)
    guard problems.isEmpty else {
      state.edit.message = "Not changed — " + problems.joined(separator: "; ")
      return nil
    }
    var values: [String: DatabaseValue] = [:]
    for field in state.edit.fields where field.isDirty && !field.isReadOnly && !field.isMembers {
      if let attribute = field.attribute {
        values[attribute.name] = field.value
      } else if let relationship = field.relationship {
        for join in relationship.joins {
          values[join.source] = field.joinValues[join.source] ?? (relationship.joins.count == 1 ? field.value : .null)
        }
      }
    }
    guard !values.isEmpty else {
      state.edit.message = "Nothing to change: type into a field (or Ctrl-N for ∅), then Ctrl-S"
      return nil
    }
    if let (name, stamp) = EditFeature.updateStamp(entity, in: session), values[name] == nil { values[name] = stamp }
    return BatchChange(
      entityName: entity.name, qualifier: state.request.qualifier, values: values, seen: state.request.seen)
  }

  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    EditFeature.view(state.edit, in: context, area: area, buffer: &buffer)
    switch state.phase {
    case .editing: break
    case .previewing(let since), .applying(let since):
      Spinner.draw(since: since, in: area, context: context, buffer: &buffer)
    }
  }

  public static func describe(_ state: State, in session: Session) -> PageDescription {
    var description = edit.describe(state, in: session)
    description.isLoading = state.phase != .editing
    description.isAwaitingData = false
    return description
  }

  public static func isMovement(_ action: Action) -> Bool {
    if case .edit(let inner) = action { return EditFeature.isMovement(inner) }
    return false
  }
}
