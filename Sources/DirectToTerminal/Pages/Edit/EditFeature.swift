import Access
import Qualifiers
import TerminalCore
import Widgets

/// The edit page: a row's fields (or a new row's), typed into, validated from the schema,
/// saved in one transaction; to-ones are chosen on a select page.
public enum EditFeature: PageFeature {
  public struct State: Equatable, Sendable {
    var id: PageID
    var entityName: String
    /// The primary key of the row; nil for a new row.
    var key: [String: DatabaseValue]?
    var fields: [EditField]
    var focus = 0
    var message: String?
    /// Editing, loading, saving, unread, deleted underneath… one at a time.
    var phase = EditPhase.editing
    /// Every attribute value of the row as the user saw it (for conflict checks).
    var seen: [String: DatabaseValue] = [:]
    var crumb: String
    var viewport = Size(width: 60, height: 20)
    /// Following the database: the edited row is checked while the page is open.
    var follow = FollowState()
    /// The row's title as last read, to follow a rename in the page's title.
    var rowTitle: String?
    /// A new member of a many-to-many (`PageRequest.membership`): saved with its join row.
    var membership: Membership?
    /// A new row for another editor's to-one field (`PageRequest.pendingFor`): Ctrl-S hands
    /// it over, unsaved; that editor's save inserts it.
    var pendingFor: PendingTarget?
    /// Values to show as typed once the row is read (`PageRequest.editedValues`).
    var editedValues: [String: DatabaseValue] = [:]
    /// The fields of a batch change (`BatchEditFeature`): one left untouched keeps each
    /// row's value; only those typed into are validated and set.
    var isBatch = false

    var isNew: Bool { key == nil }
    var isUnread: Bool { phase.isUnread }
    var isSaving: Bool { phase.isSaving }
    var isLoading: Bool { phase.isLoading }
    /// Input of the user's (a new row's link to its list is not).
    var hasChanges: Bool {
      guard let pristine else {
        return fields.contains {
          ($0.isDirty && !$0.isPreset && !$0.isMembers) || $0.inline?.hasChanges == true || !$0.pendingMembers.isEmpty
            || !$0.removedMembers.isEmpty
        }
      }
      // A new row: only what differs from how it opened (its defaults) is the user's.
      return fields.contains { field in
        !field.isPreset
          && (field.pending != nil || field.inline?.hasChanges == true || !field.pendingMembers.isEmpty
            || !field.removedMembers.isEmpty || pristine[field.propertyKey] != field.snapshot)
      }
    }
    /// A new row's fields as it opened (defaults, initial values, links filled in).
    var pristine: [String: EditField.Snapshot]?
    var focusedField: EditField? { fields.indices.contains(focus) ? fields[focus] : nil }

    /// The focused field is a multi-line editor: Enter and ↑/↓ inside it are its own.
    var isInTextArea: Bool {
      guard let field = focusedField, case .largeText = field.editor else { return false }
      return true
    }
  }

  public enum Action: Equatable, Sendable {
    case save
    case close(quitAfter: Bool)
    case nextField
    case previousField
    case setNull
    case activate
    case fieldKey(KeyEvent)
    case paste(String)
    case loaded(Result<FetchResult, WorkError>)
    case saved(Change, Result<[ChangeOutcome], SaveFailure>)
    case discard(quitAfter: Bool)
    case saveThen(quitAfter: Bool)
    case overwrite(Conflict)
    /// Save a line over what someone else stored in it (its field, its index).
    case overwriteLine(Int, Int, Conflict)
    /// Drop a line someone else deleted from the pending changes.
    case dropLine(Int, Int)
    case presetTitle(String, String, Result<FetchResult, WorkError>)
    /// The user confirmed storing what the server warned it would change.
    case saveAnyway
    /// A many-to-many field's number of members.
    case membersCounted(String, Result<Int, WorkError>)
    /// A many-to-many field's first members.
    case membersRead(String, Result<FetchResult, WorkError>)
    /// `d` on a many-to-many field: members to take out (their join rows are read).
    case removeMembers
    case joinRowsRead(String, [Row], Result<FetchResult, WorkError>)
    /// An inline to-many field's lines, read.
    case linesRead(String, Result<FetchResult, WorkError>)
    case reloadRow
    case probed([[String: DatabaseValue]], Result<String, WorkError>)
    case changedUnderneath(Result<FetchResult, WorkError>)
    case takeTheirs
    case keepMine
    case message(PageMessage)
  }

  public static let name = "EditPage"

  public static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    guard let entity = session.entity(named: request.entityName) else {
      throw PageRefusal("The page \(name) needs an entity, and task '\(request.task)' has none here.")
    }
    if let refusal = session.editRefusal(entity, row: request.row) { throw PageRefusal(refusal, asBanner: true) }
    var state = State(
      id: id, entityName: entity.name, key: request.key, fields: EditFieldBuilder(session).fields(entity),
      crumb: request.crumb ?? (request.key == nil ? "New " + entity.displayName : "Edit " + entity.displayName))
    guard let key = request.key else {
      EditFieldBuilder(session).fillNewRowDefaults(&state, entity: entity)
      state.membership = request.membership
      state.pendingFor = request.pendingFor
      state.editedValues = request.editedValues
      let edited = applyEdited(&state)
      for index in state.fields.indices where state.fields[index].inline != nil {
        state.fields[index].inline?.isLoaded = true
      }
      let effect = applyPresets(request.newRowValues, to: &state, entity: entity, in: session).merge(edited)
      state.pristine = Dictionary(
        state.fields.map { ($0.propertyKey, $0.snapshot) }, uniquingKeysWith: { first, _ in first })
      return (state, effect)
    }
    state.phase = .loading(since: session.now, unread: false)
    state.pendingFor = request.pendingFor
    state.editedValues = request.editedValues
    let baseline: Effect<Action> = state.follow.baseline(entity.name, keys: [key], in: session) { .probed([key], $0) }
    return (state, baseline.merge(.fetch(EditFieldBuilder(session).fetch(entity, key: key)) { .loaded($0) }))
  }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> {
    if state.isUnread { return keyCatalogue.only(["reloadRow", "close"]) }
    var names: Set<String> = ["save", "close", "nextField", "previousField", "setNull"]
    if state.focusedField?.theirs != nil { names.formUnion(["takeTheirs", "keepMine"]) }
    if case .toOne? = state.focusedField?.editor { names.insert("choose") }
    if case .members? = state.focusedField?.editor { names.formUnion(["members", "removeMembers"]) }
    let map = keyCatalogue.only(names)
    // ↑ and ↓ move the cursor within a text area.
    return state.isInTextArea ? map.removing(keys: [KeyEvent(.down), KeyEvent(.up)]) : map
  }

  public static var keySection: String { "edit" }

  public static let keyCatalogue = KeyMap<Action>(
    "Edit page",
    [
      KeyBinding(.ctrl("s"), .save, "Save"),
      KeyBinding(.ctrl("r"), .reloadRow, "Read the row again"),
      KeyBinding(KeyEvent(.escape), .close(quitAfter: false), "Close"),
      KeyBinding([KeyEvent(.tab), KeyEvent(.down)], .nextField, "Next field"),
      KeyBinding([KeyEvent(.backTab), KeyEvent(.up)], .previousField, "Previous field", shown: false),
      KeyBinding(.ctrl("n"), .setNull, "Set null (∅)"),
      KeyBinding(.ctrl("t"), .takeTheirs, "Take the database's value"),
      KeyBinding(.ctrl("k"), .keepMine, "Keep yours"),
      KeyBinding(KeyEvent(.enter), .activate, "Choose", name: "choose"),
      KeyBinding(KeyEvent(.enter), .activate, "Add members", name: "members"),
      KeyBinding([.char("d"), KeyEvent(.delete)], .removeMembers, "Remove members"),
    ])

  /// Bound keys first; every other key goes to the focused field (so `q` types a q).
  public static func action(for key: KeyEvent, _ state: State, in session: Session) -> Action? {
    if state.isSaving { return key.key == .escape ? .message(.cancelled) : nil }
    if state.isUnread { return keyMap(state, in: session).action(for: key) }
    if state.isInTextArea, key.modifiers.isEmpty, let field = state.focusedField {
      let lines = field.area.text.split(separator: "\n", omittingEmptySubsequences: false).count
      if key.key == .enter || (key.key == .down && field.area.row < lines - 1) || (key.key == .up && field.area.row > 0)
      {
        return .fieldKey(key)
      }
      if key.key == .down { return .nextField }
      if key.key == .up { return .previousField }
    }
    return keyMap(state, in: session).action(for: key) ?? .fieldKey(key)
  }

  public static func action(forPaste text: String, _ state: State) -> Action? { state.isUnread ? nil : .paste(text) }

  public static func action(for message: PageMessage) -> Action? { .message(message) }

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    guard let entity = session.entity(named: state.entityName) else { return .none }
    switch action {
    case .save:
      return save(&state, entity: entity, in: session)
    case .close(let quitAfter):
      guard state.hasChanges else {
        return quitAfter ? .command(.quit) : .command(.close(state.id))
      }
      if state.phase == .deleted {
        return .confirm(
          DialogRequest(
            title: "Row deleted", message: "Someone else deleted this row. Discard your input?",
            buttons: [.init("Discard", .discard(quitAfter: quitAfter)), .init("Keep editing", nil)], defaultButton: 0))
      }
      return .confirm(
        DialogRequest(
          title: "Unsaved changes", message: "Save your changes?",
          buttons: [
            .init("Save", .saveThen(quitAfter: quitAfter)),
            .init("Discard", .discard(quitAfter: quitAfter)),
            .init("Cancel", nil),
          ], defaultButton: 0))
    case .saveThen(let quitAfter):
      return save(&state, quitAfter: quitAfter, entity: entity, in: session)
    case .discard(let quitAfter):
      return quitAfter ? .command(.quit) : .command(.close(state.id))
    case .nextField:
      state.focus = min(state.fields.count - 1, state.focus + 1)
    case .previousField:
      state.focus = max(0, state.focus - 1)
    case .setNull:
      if !clearPendingMembers(&state) { setNull(&state) }
    case .activate:
      if let field = state.focusedField, case .members = field.editor {
        return chooseMembers(&state, field: field, removing: false, in: session)
      }
      return chooseToOne(state, in: session)
    case .removeMembers:
      if let field = state.focusedField, case .members = field.editor {
        return chooseMembers(&state, field: field, removing: true, in: session)
      }
      return .none
    case .joinRowsRead(let propertyKey, let rows, let result):
      joinRowsRead(&state, propertyKey, rows, result, in: session)
    case .fieldKey(let key):
      return editField(&state, key, in: session)
    case .paste(let text):
      guard var field = state.focusedField else { break }
      switch field.editor {
      case .text:
        field.text.paste(text.replacingNewlines())
        field.isDirty = true
        field.usesDefault = false
        EditFieldBuilder.reparse(&field)
      case .largeText:
        field.area.paste(text)
        field.isDirty = true
        field.value = .text(field.area.text)
      default:
        return .none
      }
      state.fields[state.focus] = field
    case .loaded(let result):
      let wasUnread = state.isUnread
      state.phase = .editing
      switch result {
      case .success(let page):
        if wasUnread { state.message = nil }
        if let row = page.rows.first {
          EditFieldBuilder(session).fill(&state, from: row)
          followTitle(&state, row: row, entity: entity)
          let edited = applyEdited(&state)
          return countMembers(state, row: row, entity: entity, in: session).merge(
            readLines(state, row: row, in: session)
          ).merge(
            edited)
        } else {
          deletedUnderneath(&state)
        }
      case .failure(let error):
        if state.key != nil && state.seen.isEmpty { state.phase = .unread }
        state.message = error.message
        if state.isUnread {
          state.message =
            (error.isConnectionLost
              ? "Connection lost before the row was read; reconnecting… it is read once the server is back"
              : "The row could not be read: \(error.message)")
            + " (Ctrl-R tries again; nothing can be typed until then)"
        }
      }
    case .saved(let change, let result):
      return saved(&state, change, result, entity: entity, in: session)
    case .linesRead(let key, let result):
      linesRead(&state, key, result, in: session)
    case .membersCounted(let key, let result):
      if case .success(let count) = result, let index = state.fields.firstIndex(where: { $0.propertyKey == key }) {
        state.fields[index].memberCount = count
      }
    case .membersRead(let key, let result):
      guard case .success(let fetched) = result, let index = state.fields.firstIndex(where: { $0.propertyKey == key }),
        let destination = state.fields[index].relationship.flatMap({ session.entity(named: $0.destination) })
      else { break }
      state.fields[index].memberTitles = fetched.rows.map { RecordTitle.title(of: $0, entity: destination, limit: 30) }
    case .overwrite(let conflict):
      for field in conflict.fields { state.seen[field.attribute] = field.current }
      return save(&state, entity: entity, in: session)
    case .overwriteLine(let field, let line, let conflict):
      guard state.fields.indices.contains(field), state.fields[field].inline?.lines.indices.contains(line) == true
      else { break }
      for changed in conflict.fields {
        state.fields[field].inline?.lines[line].original[changed.attribute] = changed.current
      }
      return save(&state, entity: entity, in: session)
    case .dropLine(let field, let line):
      guard state.fields.indices.contains(field), state.fields[field].inline?.lines.indices.contains(line) == true
      else { break }
      state.fields[field].inline?.lines.remove(at: line)
      state.fields[field].inline?.selected = 0
      state.message = "The line someone else deleted is left out; Ctrl-S saves the rest"

    case .saveAnyway:
      return save(&state, acceptingWarnings: true, entity: entity, in: session)
    case .presetTitle(let propertyKey, let destination, let result):
      presetTitle(&state, propertyKey: propertyKey, destination: destination, result, in: session)
    case .probed(let keys, let result):
      guard state.follow.probed(keys: keys, result), let key = state.key, !state.isSaving else { break }
      return .fetch(EditFieldBuilder(session).fetch(entity, key: key)) { .changedUnderneath($0) }
    case .changedUnderneath(let result):
      guard case .success(let page) = result, !state.isSaving else { break }
      if let row = page.rows.first {
        if state.phase == .deleted {
          state.phase = .editing
          state.message = nil
        }
        EditFieldBuilder(session).merge(&state, changedUnderneath: row)
        followTitle(&state, row: row, entity: entity)
      } else if state.key != nil {
        deletedUnderneath(&state)
      }
    case .takeTheirs:
      guard var field = state.focusedField, let theirs = field.theirs, let name = field.attribute?.name else { break }
      EditFieldBuilder(session).fill(&field, with: theirs)
      field.notice = "↻ took the database's value"
      state.seen[name] = theirs
      state.fields[state.focus] = field
    case .keepMine:
      guard var field = state.focusedField, let theirs = field.theirs, let name = field.attribute?.name else { break }
      state.seen[name] = theirs
      field.theirs = nil
      field.notice = "keeping yours: saving replaces the database's value"
      state.fields[state.focus] = field
    case .reloadRow:
      guard let key = state.key else { break }
      state.message = state.isUnread ? nil : "Reloaded the row as it is now"
      state.phase = .loading(since: session.now, unread: state.isUnread)
      return .fetch(EditFieldBuilder(session).fetch(entity, key: key)) { .loaded($0) }
    case .message(let message):
      return receive(&state, message, entity: entity, in: session)
    }
    return .none
  }

  /// The row is gone (another client deleted it): said at once, the input kept.
  static func deletedUnderneath(_ state: inout State) {
    state.phase = .deleted
    state.message =
      "This row was deleted by someone else. Your input is kept, but Ctrl-S will not save it "
      + "(it would not update anything); Esc leaves"
  }

  /// The page's title names the row as it is now: a rename underneath renames it.
  static func followTitle(_ state: inout State, row: Row, entity: Entity) {
    let title = RecordTitle.title(of: row, entity: entity)
    defer { state.rowTitle = title }
    guard let old = state.rowTitle, old != title, !old.isEmpty, state.crumb.contains(old) else { return }
    state.crumb = state.crumb.replacingOccurrences(of: old, with: title)
  }

  static func receive(
    _ state: inout State, _ message: PageMessage, entity: Entity, in session: Session
  )
    -> Effect<Action>
  {
    switch message {
    case .resized(let size):
      state.viewport = size
    case .changedElsewhere:
      guard let key = state.key, !state.isLoading, !state.isSaving else { break }
      return .fetch(EditFieldBuilder(session).fetch(entity, key: key)) { .changedUnderneath($0) }
    case .follow:
      if state.phase == .unread, let key = state.key {
        state.phase = .loading(since: session.now, unread: true)
        return .fetch(EditFieldBuilder(session).fetch(entity, key: key)) { .loaded($0) }
      }
      let lane = FollowState.lane(for: session.dialect)
      guard let key = state.key, !state.isLoading, !state.isSaving, state.follow.startProbe(on: lane)
      else { break }
      return .probe(state.entityName, keys: [key], lane: lane) { .probed([key], $0) }
    case .click(let point):
      let rows = layout(state, width: state.viewport.width, height: state.viewport.height, focused: true).rows
      if let row = rows.first(where: { point.y >= $0.y && point.y < $0.y + $0.height }) { state.focus = row.index }
    case .chosen(let propertyKey, _, let row?)
    where state.fields.contains(where: { $0.propertyKey == propertyKey && $0.isMembers }):
      addPendingMembers(&state, [row], to: propertyKey, in: session)
    case .chosenRows(let propertyKey, _, let rows) where propertyKey.hasPrefix(Self.removalPrefix):
      return readJoinRows(&state, rows, of: String(propertyKey.dropFirst(Self.removalPrefix.count)), in: session)
    case .chosenRows(let propertyKey, _, let rows):
      addPendingMembers(&state, rows, to: propertyKey, in: session)
    case .keepRows:
      break
    case .chosen(let propertyKey, let destinationName, let row):
      guard let index = state.fields.firstIndex(where: { $0.propertyKey == propertyKey }),
        let relationship = state.fields[index].relationship
      else { return .none }
      var field = state.fields[index]
      if let row, let destination = session.model[entity: destinationName] {
        // The first value where a join names a column twice (the model takes keys without
        // repeats; this keeps a hand-built one from trapping).
        field.joinValues = Dictionary(
          relationship.joins.map { ($0.source, row[$0.destination] ?? .null) }, uniquingKeysWith: { first, _ in first })
        field.title = RecordTitle.title(of: row, entity: destination)
      } else {
        field.joinValues = Dictionary(
          relationship.joins.map { ($0.source, .null) }, uniquingKeysWith: { first, _ in first })
        field.title = nil
      }
      field.value = relationship.joins.first.flatMap { field.joinValues[$0.source] } ?? .null
      field.pending = nil
      field.isDirty = true
      field.error = nil
      state.fields[index] = field
      state.focus = index
    case .pendingLine(let propertyKey, let index, let values, let title):
      lineHandedBack(&state, propertyKey: propertyKey, index: index, values: values, title: title)
    case .pendingRow(let propertyKey, let pending):
      guard let index = state.fields.firstIndex(where: { $0.propertyKey == propertyKey }),
        let relationship = state.fields[index].relationship
      else { return .none }
      // Shown as new; its key comes from the database when this editor saves.
      state.fields[index].pending = pending
      state.fields[index].joinValues = Dictionary(
        relationship.joins.map { ($0.source, .null) }, uniquingKeysWith: { first, _ in first })
      state.fields[index].value = .null
      state.fields[index].title = "+ " + pending.title + " (new)"
      state.fields[index].isDirty = true
      state.fields[index].error = nil
      state.focus = index
    case .cancelled:
      state.follow.isProbing = false
      if case .saving(var save) = state.phase {
        // The worker rolls back rather than commit once this arrives; its answer ends the
        // spinner (at once for a save still queued or waiting on a lock).
        save.quitAfter = false
        save.isCancelling = true
        state.phase = .saving(save)
        state.message = "Cancelling the save… nothing is committed after this"
        return .cancel(.foreground)
      }
    case .quitRequested:
      return .send(.close(quitAfter: true))
    case .keyChanged(let entityName, let old, let new):
      if entityName == state.entityName && state.key == old { state.key = new }
    case .dataChanged:
      // Sent once a lost connection is back: a save that never reached the server is sent
      // again, a row not read yet is read now, and any other save that failed for the lost
      // connection can be tried again with Ctrl-S.
      if state.phase == .awaitingConnection {
        return save(&state, isRetry: true, entity: entity, in: session)
      }
      if state.message?.contains("save again once it is back") == true {
        state.message = "Connected again: Ctrl-S saves your input"
      }
      if state.phase == .unread, let key = state.key {
        state.phase = .loading(since: session.now, unread: true)
        return .fetch(EditFieldBuilder(session).fetch(entity, key: key)) { .loaded($0) }
      }
      // Members added or removed on their own page (written there): counted again.
      if !state.isNew, !state.seen.isEmpty,
        state.fields.contains(where: { if case .members = $0.editor { true } else { false } })
      {
        return countMembers(state, row: Row(state.seen), entity: entity, in: session)
      }
    case .rulesChanged:
      break
    }
    return .none
  }

  /// The members of each many-to-many field, counted and the first few titled, in the
  /// background (the editor shows them as Django's `filter_horizontal` does).
  static func countMembers(_ state: State, row: Row, entity: Entity, in session: Session) -> Effect<Action> {
    .batch(
      state.fields.flatMap { field -> [Effect<Action>] in
        guard case .members = field.editor, let relationship = field.relationship,
          let destination = session.entity(named: relationship.destination)
        else { return [] }
        let qualifier = Qualifier.related(by: relationship.joins, through: relationship.destinationPath, to: row)
        let titles = FetchSpecification(
          entityName: destination.name, qualifier: qualifier,
          sortOrderings: RecordTitle.keyPaths(for: destination).map { SortOrdering(PropertyPath($0)) },
          keyPaths: RecordTitle.keyPaths(for: destination).map { PropertyPath($0) }, limit: 4)
        return [
          .count(FetchSpecification(entityName: relationship.destination, qualifier: qualifier)) {
            .membersCounted(field.propertyKey, $0)
          },
          .fetch(titles) { .membersRead(field.propertyKey, $0) },
        ]
      })
  }

  /// Enter on a to-one: the select page for its destination.
  static func chooseToOne(_ state: State, in session: Session) -> Effect<Action> {
    guard let field = state.focusedField, case .toOne(let destination) = field.editor,
      let entity = session.model[entity: destination]
    else { return .none }
    if field.isPreset {
      return .command(.banner(.notice, "\(field.label) is the row this list belongs to: a new row here keeps it"))
    }
    let chooser = SelectRequest(
      page: state.id, propertyKey: field.propertyKey, allowsNull: field.isNullable,
      destinationKeys: field.relationship?.joins.map(\.destination) ?? [],
      allowsNew: state.pendingFor == nil && !state.isBatch)
    return .command(
      .open(
        PageRequest(task: .select, entityName: destination, crumb: "Choose " + entity.displayName, detail: chooser),
        from: state.id))
  }

  /// What the runtime shows of the page: title, crumb, status bar, focus, spinner.
  public static func describe(_ state: State, in session: Session) -> PageDescription {
    PageDescription(
      title: title(state, in: session),
      crumb: crumb(state),
      focus: focus(state, in: session),
      isLoading: isLoading(state),
      isAwaitingData: isAwaitingData(state),
      hasUnsavedChanges: hasUnsavedChanges(state),
      entityName: entityName(state))
  }
  static func title(_ state: State, in session: Session) -> String { state.crumb }
  static func crumb(_ state: State) -> String? { state.crumb }
  static func isLoading(_ state: State) -> Bool { state.phase.busySince != nil }

  /// Keys typed while the row is being read wait for it: the fields it fills would
  /// otherwise replace what was typed. Esc closes at once.
  static func isAwaitingData(_ state: State) -> Bool { state.key != nil && state.isLoading }

  public static func isMovement(_ action: Action) -> Bool {
    if case .close = action { return true }
    return false
  }
  static func entityName(_ state: State) -> String? { state.entityName }
  static func hasUnsavedChanges(_ state: State) -> Bool { state.hasChanges }

  static func focus(_ state: State, in session: Session) -> PageFocus {
    let changed = state.fields.filter { $0.isDirty && !$0.isMembers }.map { field in
      let before = field.attribute?.isPassword == true ? "••••" : field.original.literalText
      let after = field.attribute?.isPassword == true ? "••••" : field.value.literalText
      return "\(field.propertyKey): \(before) → \(after)"
    }
    let header = (state.isNew ? "new row" : "existing row") + ", \(changed.count) changed"
    return PageFocus(
      entityName: state.entityName, propertyKey: state.focusedField?.propertyKey,
      notes: [header] + changed + pendingNotes(state, in: session))
  }

  /// What Ctrl-S would write, in order, when it is more than the row: the editing
  /// context's pending changes (rows made for to-ones, lines, a new member's join row).
  static func pendingNotes(_ state: State, in session: Session) -> [String] {
    guard let entity = session.entity(named: state.entityName) else { return [] }
    let plan = saveChanges(state, main: change(for: state, entity: entity), in: session)
    guard plan.changes.count > 1 || plan.main == nil else { return [] }
    return ["pending, saved together by Ctrl-S (one transaction):"]
      + plan.changes.enumerated().map { index, change in
        "\(index + 1). " + describe(change)
      }
  }

  private static func describe(_ change: Change) -> String {
    switch change {
    case .insert(let entity, let values):
      return "insert \(entity) (" + values.keys.sorted().joined(separator: ", ") + ")"
    case .update(let entity, let key, let values, _):
      return "update \(entity) \(keyText(key)) (" + values.keys.sorted().joined(separator: ", ") + ")"
    case .delete(let entity, let key, _):
      return "delete \(entity) \(keyText(key))"
    case .updateRows(let entity, let rows, _):
      return "update \(rows.count) rows of \(entity) (" + rows.columns.joined(separator: ", ") + ")"
    case .linked(let inner, let links):
      let taken = links.sorted { $0.key < $1.key }.map { "\($0.key) ← #\($0.value.change + 1).\($0.value.attribute)" }
      return describe(inner) + " with " + taken.joined(separator: ", ")
    }
  }

  private static func keyText(_ key: [String: DatabaseValue]) -> String {
    key.keys.sorted().map { "\($0)=\(key[$0]?.literalText ?? "?")" }.joined(separator: ",")
  }
}
