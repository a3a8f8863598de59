import Access
import Qualifiers
import TerminalCore
import Widgets

/// One row, every property `displayPropertyKeys` lists: to-ones by title (Enter opens the
/// related row), to-manys by count (Enter opens their list).
public enum InspectFeature: PageFeature {
  public struct State: Equatable, Sendable {
    var id: PageID
    var entityName: String
    var key: [String: DatabaseValue]?
    var row: Row?
    var rows: [InspectRow]
    var hideEmpty: Bool
    var toManyCounts: [String: Int] = [:]
    /// A to-many's rows over time, by rule (`sparklineDateKey`).
    var toManySparklines: [String: String] = [:]
    var scroll = ScrollState()
    var loadingSince: ContinuousClock.Instant?
    var message: String?
    var crumb: String
    var viewport = Size(width: 60, height: 20)
    /// Following the database: the row is fetched again when another client changes it.
    var follow = FollowState()

    /// The rows shown: empty ones hidden when `hideEmptyProperty` says so.
    var visibleRows: [InspectRow] {
      guard hideEmpty, let row else { return rows }
      return rows.filter { property in
        switch property.kind {
        case .attribute:
          guard let value = row[property.propertyKey] else { return true }
          if case .text(let text) = value { return !text.isEmpty }
          return !value.isNull
        case .toOne(_, let joins):
          // A one-to-one with no row yet stays: `n` there makes it.
          if property.isInverse { return true }
          if PropertyValue.missingToOne(property.propertyKey, joins: joins, in: row) != nil { return true }
          return row.columns.contains { $0.hasPrefix(property.propertyKey + ".") }
            && row.columns.filter { $0.hasPrefix(property.propertyKey + ".") }
              .contains { !(row[$0]?.isNull ?? true) }
        case .toMany:
          return true
        }
      }
    }
  }

  public enum Action: Equatable, Sendable {
    case navigate(NavigationAction)
    case open
    case reload
    case view
    case copy(row: Bool)
    case row(RowCommand)
    case loaded(Result<FetchResult, WorkError>)
    case counted(String, Result<Int, WorkError>)
    case sparkline(String, DateBucket, Result<FrequencyResult, WorkError>)
    case probed([[String: DatabaseValue]], Result<String, WorkError>)
    case message(PageMessage)
  }

  public static let name = "InspectPage"

  public static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    guard let entity = session.entity(named: request.entityName) else {
      throw PageRefusal("The page \(name) needs an entity, and task '\(request.task)' has none here.")
    }
    guard request.key != nil || request.row != nil else {
      throw PageRefusal("The page \(name) needs a row to show.")
    }
    let context = session.context(task: .inspect, entity: entity)
    var state = State(
      id: id, entityName: entity.name, key: request.key, row: request.row, rows: InspectRow.rows(entity, in: session),
      hideEmpty: context.bool("hideEmptyProperty", true),
      crumb: request.crumb ?? entity.displayName)
    // Loaded first: `(state, load(&state…))` would return the state as it was before the
    // load marked it loading (keys typed meanwhile would act on no row).
    let effect = load(&state, in: session)
    return (state, effect)
  }

  /// Fetches the row with its to-one titles in one query (rows opened by value are shown
  /// as they were fetched).
  static func load(_ state: inout State, in session: Session) -> Effect<Action> {
    guard let key = state.key, let entity = session.entity(named: state.entityName) else { return .none }
    var keyPaths = entity.attributes.map { PropertyPath(key: $0.name) }
    for row in state.rows {
      switch row.kind {
      case .attribute:
        if !keyPaths.contains(PropertyPath(row.propertyKey)) { keyPaths.append(PropertyPath(row.propertyKey)) }
      case .toOne(let destination, _):
        guard let destinationEntity = session.model[entity: destination],
          let relationship = entity[relationship: row.propertyKey]
        else { continue }
        for path in RecordTitle.keyPaths(for: destinationEntity)
          + relationship.joins.map({ PropertyPath.quoted($0.destination) })
        {
          let full = PropertyPath(row.propertyKey + "." + path)
          if !keyPaths.contains(full) { keyPaths.append(full) }
        }
      case .toMany:
        break
      }
    }
    for path in session.rules.objectPaths[entity.name] where !keyPaths.contains(path) { keyPaths.append(path) }
    state.loadingSince = session.now
    let spec = FetchSpecification(entityName: entity.name, qualifier: .matching(key), keyPaths: keyPaths, limit: 1)
    let baseline: Effect<Action> = state.follow.baseline(
      entity.name, keys: [key], related: followedEntities(state, in: session), in: session
    ) { .probed([key], $0) }
    return baseline.merge(.fetch(spec) { .loaded($0) })
  }

  /// The other entities the inspector shows rows of: to-one titles, to-many counts and
  /// the join tables they cross (PostgreSQL, MySQL; SQLite's check covers the whole file).
  static func followedEntities(_ state: State, in session: Session) -> [String] {
    guard session.dialect != .sqlite, let entity = session.entity(named: state.entityName) else { return [] }
    return session.model.entitiesReached(from: entity, by: state.rows.map { PropertyPath($0.propertyKey) })
  }

  /// Counts each to-many of the loaded row (in the background).
  static func countToManys(_ state: State) -> Effect<Action> {
    guard let row = state.row else { return .none }
    return .batch(
      state.rows.compactMap { property -> Effect<Action>? in
        guard case .toMany(let destination, let joins, let path) = property.kind else { return nil }
        let name = property.propertyKey
        let qualifier = Qualifier.related(by: joins, through: path, to: row)
        return .count(FetchSpecification(entityName: destination, qualifier: qualifier)) {
          .counted(name, $0)
        }
      })
  }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> {
    ownKeys.then(RowCommand.keyMap(entityName: state.entityName, in: session).map { .row($0) }).then(
      AppKeys.navigation.map { .navigate($0) })
  }

  public static let keyCatalogue = ownKeys.then(RowCommand.keys.map { .row($0) }).then(
    AppKeys.navigation.map { .navigate($0) })

  static let ownKeys = KeyMap<Action>(
    "Inspector",
    [
      KeyBinding([KeyEvent(.enter), KeyEvent(.right), .char("l")], .open, "Open", role: .open),
      KeyBinding([.char("r"), KeyEvent(.function(5))], .reload, "Reload", shown: false),
      KeyBinding(.char("v"), .view, "View the value in full", shown: false),
      KeyBinding(.char("y"), .copy(row: false), "Copy the value", shown: false, name: "copyValue"),
      KeyBinding(.char("Y"), .copy(row: true), "Copy the row", shown: false, name: "copyRow"),
    ])

  public static func action(for message: PageMessage) -> Action? { .message(message) }

  public static func isMovement(_ action: Action) -> Bool {
    if case .navigate = action { return true }
    return false
  }

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    var effect = Effect<Action>.none
    switch action {
    case .navigate(let move):
      state.scroll.apply(move, count: state.visibleRows.count, pageSize: state.viewport.height)
    case .open:
      effect = openSelected(state, in: session)
    case .reload:
      effect = load(&state, in: session)
    case .view:
      effect = viewValue(state, in: session)
    case .copy(let wholeRow):
      effect = copy(state, row: wholeRow, in: session)
    case .row(let command):
      guard let entity = session.entity(named: state.entityName) else { break }
      if command == .insert, let linked = missingOneToOne(state, entity: entity, in: session) {
        // `n` on a one-to-one that has no row yet (Film → Film Text): that row, linked.
        effect = RowCommand.insert.perform(
          on: nil, entity: linked.entity, page: state.id, newRowValues: linked.values, in: session
        ).map { .row($0) }
        break
      }
      effect = command.perform(on: state.row, entity: entity, page: state.id, in: session).map { .row($0) }
    case .loaded(let result):
      state.loadingSince = nil
      switch result {
      case .success(let page):
        state.row = page.rows.first
        if let row = state.row, let entity = session.entity(named: state.entityName) {
          state.message = nil
          if !state.crumb.contains(": ") { state.crumb = RecordTitle.title(of: row, entity: entity) }
          effect = countToManys(state)
          if let row = state.row { effect = effect.merge(sparklines(state, row: row, in: session)) }
        } else {
          state.message = "This row no longer exists (deleted by someone else?)"
        }
        if state.scroll.selected == nil { state.scroll.selected = 0 }
      case .failure(let error):
        state.message = error.isCancelled ? "Cancelled (r reloads)" : error.message
      }
    case .counted(let name, let result):
      if case .success(let count) = result { state.toManyCounts[name] = count }
    case .sparkline(let name, let bucket, let result):
      if case .success(let groups) = result { state.toManySparklines[name] = sparklineText(groups, bucket: bucket) }
    case .probed(let keys, let result):
      if state.follow.probed(keys: keys, result), state.loadingSince == nil { effect = load(&state, in: session) }
    case .message(let message):
      switch message {
      case .resized(let size):
        state.viewport = size
        scrollIntoView(&state, in: session)
      case .dataChanged: effect = load(&state, in: session)
      case .changedElsewhere: if state.loadingSince == nil { effect = load(&state, in: session) }
      case .follow:
        let lane = FollowState.lane(for: session.dialect)
        if let key = state.key, !key.isEmpty, state.loadingSince == nil, state.follow.startProbe(on: lane) {
          effect = .probe(state.entityName, keys: [key], related: followedEntities(state, in: session), lane: lane) {
            .probed([key], $0)
          }
        }
      case .rulesChanged:
        if let entity = session.entity(named: state.entityName) {
          let focused = focus(state, in: session).propertyKey
          state.rows = InspectRow.rows(entity, in: session)
          // The cursor follows its field to its new place (the assistant's moves).
          if let focused, let index = state.visibleRows.firstIndex(where: { $0.propertyKey == focused }) {
            state.scroll.selected = index
          }
          state.hideEmpty = session.context(task: .inspect, entity: entity).bool("hideEmptyProperty", true)
          effect = load(&state, in: session)
        }
      case .cancelled:
        state.loadingSince = nil
        state.follow.isProbing = false
        state.message = "Cancelled (r reloads)"
      case .keyChanged(let entityName, let old, let new):
        if entityName == state.entityName && state.key == old { state.key = new }
      case .click(let point):
        let blocks = blocks(state, in: session)
        var y = state.message == nil ? 0 : 1
        for index in blocks.indices.dropFirst(state.scroll.offset) {
          if point.y >= y && point.y < y + blocks[index].count {
            state.scroll.selected = index
            break
          }
          y += blocks[index].count
        }
      case .chosen, .chosenRows, .pendingRow, .pendingLine, .quitRequested, .keepRows: break
      }
    }
    let count = state.visibleRows.count
    if let selected = state.scroll.selected { state.scroll.selected = count == 0 ? nil : min(selected, count - 1) }
    scrollIntoView(&state, in: session)
    return effect
  }

  /// Enter on a property: a to-one opens the related row, a to-many its list, an attribute
  /// follows `nextTask` (edit).
  static func openSelected(_ state: State, in session: Session) -> Effect<Action> {
    let rows = state.visibleRows
    guard let selected = state.scroll.selected, rows.indices.contains(selected),
      let entity = session.entity(named: state.entityName), let stored = state.row
    else { return .none }
    let property = rows[selected]
    switch property.kind {
    case .attribute:
      let next = session.nextTask(after: .inspect, entity: entity, row: stored, default: .edit)
      return next == .edit ? Effect.send(.row(.edit)) : .none
    case .toOne(let destination, let joins):
      if case .missingToOne(let key)? = PropertyValue.missingToOne(property.propertyKey, joins: joins, in: stored) {
        return .command(.banner(.warning, "\(property.label) holds \(key), which no \(destination) row has"))
      }
      guard let key = InspectRow.toOneKey(property, row: stored, entity: entity),
        let destinationEntity = session.model[entity: destination]
      else { return .command(.banner(.notice, "\(property.label) is empty")) }
      let title = RecordTitle.title(of: stored, entity: destinationEntity, prefix: property.propertyKey + ".")
      return .command(
        .open(
          PageRequest(task: .inspect, entityName: destination, key: key, crumb: "\(property.label): \(title)"),
          from: state.id))
    case .toMany(let destination, let joins, let path):
      var request = PageRequest(
        task: .list, entityName: destination, baseQualifier: .related(by: joins, through: path, to: stored),
        crumb: property.label)
      request.count = state.toManyCounts[property.propertyKey]
      // A row made in a plain to-many list is linked to this one; a flattened one's rows
      // are members, linked through their join table.
      if path.isEmpty {
        request.newRowValues = joins.destinationValues { stored[$0] }
      } else if let relationship = entity[relationship: property.propertyKey] {
        request.membership = Membership(relationship, of: stored, entity: entity, model: session.model)
        request.membership?.ownerRefusal = session.editRefusal(entity, row: stored)
        if request.membership == nil { request.viaJoin = relationship.flattenedThrough }
      }
      return .command(.open(request, from: state.id))
    }
  }

  /// The one-to-one under the cursor when its related table holds the key and has no row
  /// for this one yet: that entity and the key the new row takes.
  static func missingOneToOne(
    _ state: State, entity: Entity, in session: Session
  ) -> (entity: Entity, values: [String: DatabaseValue])? {
    let rows = state.visibleRows
    guard let selected = state.scroll.selected, rows.indices.contains(selected), let stored = state.row else {
      return nil
    }
    let property = rows[selected]
    guard property.isInverse, case .toOne(let destination, let joins) = property.kind,
      InspectRow.toOneKey(property, row: stored, entity: entity) == nil,
      let destinationEntity = session.model[entity: destination]
    else { return nil }
    return (
      destinationEntity,
      joins.destinationValues { stored[$0] }
    )
  }

  /// An attribute's stored value; a relationship as its displayed text (title or count).
  static func displayedValue(
    _ property: InspectRow, row: Row, entity: Entity, state: State, in session: Session
  ) -> DatabaseValue {
    guard case .attribute = property.kind else {
      let context = session.componentContext(property.presentation, entity: entity, isDetail: false)
      return .text(
        session.registry.component(named: property.presentation.component)
          .display(value(of: property, row: row, state: state, in: session), in: context).text)
    }
    return row[property.propertyKey] ?? .null
  }

  /// `y`: the selected property's value; `Y`: every attribute of the row (passwords never).
  static func copy(_ state: State, row wholeRow: Bool, in session: Session) -> Effect<Action> {
    guard let row = state.row, let entity = session.entity(named: state.entityName) else { return .none }
    if wholeRow {
      let fields = entity.attributes.filter { !$0.isPassword }.map {
        (label: session.label(of: $0.name, in: entity), value: row[$0.name] ?? .null)
      }
      let format = session.context(task: .inspect, entity: entity).string("copyRowFormat", "tsv")
      return .command(CellActions.copyRow(fields, format: format))
    }
    let rows = state.visibleRows
    guard let selected = state.scroll.selected, rows.indices.contains(selected) else { return .none }
    let property = rows[selected]
    if entity[attribute: property.propertyKey]?.isPassword == true {
      return .command(.banner(.notice, "Passwords are not copied"))
    }
    return .command(CellActions.copy(displayedValue(property, row: row, entity: entity, state: state, in: session)))
  }

  /// `v`: the selected property's value in full (the viewer page).
  static func viewValue(_ state: State, in session: Session) -> Effect<Action> {
    let rows = state.visibleRows
    guard let selected = state.scroll.selected, rows.indices.contains(selected), let row = state.row,
      let entity = session.entity(named: state.entityName)
    else { return .none }
    let property = rows[selected]
    if entity[attribute: property.propertyKey]?.isPassword == true {
      return .command(.banner(.notice, "Passwords are not shown"))
    }
    let value = displayedValue(property, row: row, entity: entity, state: state, in: session)
    return .command(
      CellActions.view(
        value, entityName: entity.name, crumb: "\(state.crumb) · \(property.label)", from: state.id))
  }

  /// What the runtime shows of the page: title, crumb, status bar, focus, spinner.
  public static func describe(_ state: State, in session: Session) -> PageDescription {
    PageDescription(
      title: title(state, in: session),
      crumb: crumb(state),
      focus: focus(state, in: session),
      isLoading: isLoading(state),
      isAwaitingData: isAwaitingData(state),
      entityName: entityName(state))
  }
  static func title(_ state: State, in session: Session) -> String { state.crumb }
  static func crumb(_ state: State) -> String? { state.crumb }
  static func isLoading(_ state: State) -> Bool { state.loadingSince != nil }

  /// Keys that act on the row (`e`, `d`, `y`, Enter on a relationship) typed before it
  /// is first read wait for it.
  static func isAwaitingData(_ state: State) -> Bool { state.row == nil && state.loadingSince != nil }
  static func entityName(_ state: State) -> String? { state.entityName }

  static func focus(_ state: State, in session: Session) -> PageFocus {
    let rows = state.visibleRows
    let key = state.scroll.selected.flatMap { rows.indices.contains($0) ? rows[$0].propertyKey : nil }
    return PageFocus(entityName: state.entityName, row: state.row, propertyKey: key)
  }
}
