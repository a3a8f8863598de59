import Access
import Foundation
import Qualifiers
import TerminalCore
import Widgets

/// The entity list (`query` task): `visibleEntityNames` with their labels and row counts;
/// Enter opens the entity's `nextTask` (its list).
public enum EntityListFeature: PageFeature {
  public struct State: Equatable, Sendable {
    struct Item: Hashable, Sendable {
      var name: String
      var label: String
      var schema: String?
      /// The table's name, which `/` finds too.
      var table = ""
    }

    /// A line of the list: a schema's heading, or an entity.
    enum Line: Hashable, Sendable {
      case heading(String)
      case item(Int)
    }

    var id: PageID
    var crumb: String
    /// The crumb names the database where the connection went: after a failover to
    /// another host it names the new one.
    var crumbIsDatabaseTitle = false
    var items: [Item]
    var counts: [String: String] = [:]
    var scroll = ScrollState()
    var viewport = Size(width: 30, height: 20)
    /// `/` typed: only entities whose label or name contains it.
    var filter = ""
    var input: TextFieldState?
    /// Following the database (SQLite, whose counts are exact): counts again when another
    /// connection committed.
    var follow = FollowState()
    /// Bumped by each baseline taken after the app's own write: a check sent before it
    /// answers for a version of the data the counts already cover, and is dropped.
    var checkGeneration = 0
    /// Bumped when the data changed: a count from an older version is stale and counted
    /// again once its line is on screen (a file of 5,000 tables recounted all of them on
    /// each outside commit).
    var countsVersion = 0
    /// The version each entity was last counted at (or is being counted for).
    var countedAt: [String: Int] = [:]

    /// The lines shown: the entities matching the filter, under schema headings when the
    /// database has several schemas.
    var lines: [Line] {
      let needle = filter.lowercased()
      let shown = items.indices.filter {
        needle.isEmpty || items[$0].label.lowercased().contains(needle) || items[$0].name.lowercased().contains(needle)
          || items[$0].table.lowercased().contains(needle)
      }
      let schemas = Set(items.map(\.schema))
      guard schemas.count > 1 else { return shown.map(Line.item) }
      var lines: [Line] = []
      var current: String??
      for index in shown {
        if current != .some(items[index].schema) {
          current = .some(items[index].schema)
          lines.append(.heading(items[index].schema ?? "main"))
        }
        lines.append(.item(index))
      }
      return lines
    }

    /// The entity under the cursor.
    var selectedItem: Item? {
      guard let selected = scroll.selected, lines.indices.contains(selected), case .item(let index) = lines[selected]
      else { return nil }
      return items[index]
    }
  }

  public enum Action: Equatable, Sendable {
    case navigate(NavigationAction)
    case open
    case journal
    case reload
    case beginFilter
    case clearFilter
    case filterKey(KeyEvent)
    case counted(String, Result<Int, WorkError>)
    case probed(generation: Int, Result<String, WorkError>)
    case rebaselined(generation: Int, Result<String, WorkError>)
    case message(PageMessage)
  }

  public static let name = "EntityListPage"
  static var prefersNarrowPane: Bool { true }

  public static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    var state = State(id: id, crumb: request.crumb ?? session.databaseTitle, items: items(in: session))
    state.crumbIsDatabaseTitle = request.crumb == nil
    skipHeading(&state, lines: state.lines, forward: true)
    var effect = loadCounts(&state, in: session)
    if session.dialect == .sqlite, let first = state.items.first {
      // Counts run on the background lane: the baseline goes there first.
      effect = state.follow.baseline(first.name, keys: [], lane: .background, in: session) {
        .probed(generation: 0, $0)
      }
      .merge(effect)
    }
    return (state, effect)
  }

  static func items(in session: Session) -> [State.Item] {
    let context = session.context(task: .query)
    let names = context.strings("visibleEntityNames") ?? session.model.entities.map(\.name)
    let items = names.compactMap { name -> State.Item? in
      guard let entity = session.model[entity: name], !session.isHidden(entity) else { return nil }
      let label = session.context(task: .query, entity: entity).string("displayNameForEntity", entity.displayName)
      return State.Item(name: name, label: label, schema: entity.schema, table: entity.table)
    }
    // Grouped by schema, keeping the rules' order within each (a stable sort).
    return items.enumerated().sorted { a, b in
      (a.element.schema ?? "", a.offset) < (b.element.schema ?? "", b.offset)
    }.map(\.element)
  }

  /// Estimates where the catalog has them (PostgreSQL), exact counts in the background where
  /// counting is cheap (SQLite) — and under a database role (`databaseRole`), whose
  /// row-level security the catalog's table-wide estimates would leak past.
  static func loadCounts(_ state: inout State, in session: Session) -> Effect<Action> {
    state.countsVersion += 1
    for item in state.items {
      guard let entity = session.model[entity: item.name] else { continue }
      if entity.lockReason != nil {
        state.counts[item.name] = "⊘ locked"
      } else if session.databaseRole == nil, let estimate = entity.estimatedRowCount,
        restriction(entity, in: session) == nil
      {
        state.counts[item.name] = "~" + grouped(String(estimate))
      }
    }
    return countShown(&state, in: session)
  }

  /// Up to this many entities are counted at once; in a longer list, those on screen (and
  /// a screenful around them), the others as they scroll into view.
  static let countedAtOnce = 200

  /// The list's `auxiliaryQualifier` for `entity` (its variables bound, `*false*` when
  /// they cannot be): the count shows the rows the list would.
  static func restriction(_ entity: Entity, in session: Session) -> Qualifier? {
    session.context(task: .list, entity: entity).listRestriction.qualifier
  }

  /// Counts the entities whose count is missing or stale, those on screen first: exact
  /// counts where counting is cheap (SQLite) or the catalog's estimates would leak past a
  /// database role or an `auxiliaryQualifier` (a user restricted to some rows).
  static func countShown(_ state: inout State, in session: Session) -> Effect<Action> {
    let countsAll = session.dialect == .sqlite || session.databaseRole != nil
    let names: [String]
    if state.items.count <= countedAtOnce {
      names = state.items.map(\.name)
    } else {
      let lines = state.lines
      let height = max(1, state.viewport.height)
      let first = max(0, state.scroll.offset - height)
      let last = min(lines.count, state.scroll.offset + 2 * height)
      names = lines[first..<last].compactMap { line in
        if case .item(let index) = line { return state.items[index].name }
        return nil
      }
    }
    var effects: [Effect<Action>] = []
    for name in names where state.countedAt[name] != state.countsVersion {
      guard let entity = session.model[entity: name], entity.lockReason == nil else { continue }
      let restriction = restriction(entity, in: session)
      guard countsAll || restriction != nil else { continue }
      state.countedAt[name] = state.countsVersion
      effects.append(
        .count(FetchSpecification(entityName: name, qualifier: restriction)) { .counted(name, $0) })
    }
    return .batch(effects)
  }

  /// The app's own write (a save, a delete, an undo, a console commit): every entity is
  /// counted again, views too (a view may read the table written), but once. Following on
  /// SQLite, the counting connection's `PRAGMA data_version` sees the write as well, and
  /// the next follow check would count everything a second time: a new baseline is taken
  /// first, on the counts' connection just before them, and a check already out answers
  /// for older data and is dropped.
  static func countAfterOwnWrite(_ state: inout State, in session: Session) -> Effect<Action> {
    guard session.dialect == .sqlite, session.followsData, state.follow.token != nil, let first = state.items.first
    else { return loadCounts(&state, in: session) }
    state.checkGeneration += 1
    let generation = state.checkGeneration
    state.follow.startRebaseline(on: .background)
    return Effect<Action>.probe(first.name, keys: []) { .rebaselined(generation: generation, $0) }
      .merge(loadCounts(&state, in: session))
  }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> { keyCatalogue }

  public static var keySection: String { "entities" }

  public static let keyCatalogue = KeyMap<Action>(
    "Entities",
    [
      KeyBinding([KeyEvent(.enter), KeyEvent(.right), .char("l")], .open, "Open", role: .open),
      KeyBinding(.char("/"), .beginFilter, "Find", name: "find"),
      KeyBinding(.char("J"), .journal, "Journal"),
      KeyBinding([.char("r"), KeyEvent(.function(5))], .reload, "Reload", shown: false),
    ]
  ).then(AppKeys.navigation.map { .navigate($0) })

  public static func action(for key: KeyEvent, _ state: State, in session: Session) -> Action? {
    if state.input != nil { return .filterKey(key) }
    if key.key == .escape, !state.filter.isEmpty { return .clearFilter }
    return keyMap(state, in: session).action(for: key)
  }

  static func status(_ state: State, in session: Session) -> PageStatus {
    guard state.input != nil else { return PageStatus() }
    return PageStatus(
      message: "Find",
      hints: [
        KeyHint(keys: "Enter", description: "Keep"), KeyHint(keys: "Esc", description: "Clear"),
      ])
  }

  public static func action(for message: PageMessage) -> Action? { .message(message) }

  public static func isMovement(_ action: Action) -> Bool {
    if case .navigate = action { return true }
    return false
  }

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    switch action {
    case .navigate(let move):
      let lines = state.lines
      let before = state.scroll.selected ?? 0
      state.scroll.apply(move, count: lines.count, pageSize: state.viewport.height)
      skipHeading(&state, lines: lines, forward: (state.scroll.selected ?? 0) >= before)
    case .beginFilter:
      state.input = TextFieldState(state.filter)
    case .clearFilter:
      state.filter = ""
      state.scroll = ScrollState()
      skipHeading(&state, lines: state.lines, forward: true)
    case .filterKey(let key):
      switch key.key {
      case .escape:
        state.input = nil
        state.filter = ""
      case .enter:
        state.input = nil
      default:
        _ = state.input?.handle(key)
        state.filter = state.input?.text ?? ""
      }
      state.scroll = ScrollState()
      skipHeading(&state, lines: state.lines, forward: true)
    case .open:
      guard let item = state.selectedItem else { return .none }
      let entity = session.model[entity: item.name]
      let next = session.nextTask(after: .query, entity: entity, default: .list)
      return .command(.open(PageRequest(task: next, entityName: item.name, crumb: item.label), from: state.id))
    case .journal:
      return .command(.open(PageRequest(task: .journal, crumb: "Journal"), from: state.id))
    case .reload:
      return loadCounts(&state, in: session)
    case .counted(let name, let result):
      if case .success(let count) = result { state.counts[name] = grouped(String(count)) }
    case .message(.resized(let size)):
      state.viewport = size
    case .message(.click(let point)):
      let line = state.scroll.offset + point.y
      if state.lines.indices.contains(line), case .item = state.lines[line] { state.scroll.selected = line }
    case .message(.rulesChanged):
      let focused = state.selectedItem?.name
      state.items = items(in: session)
      // The cursor follows its entity to its new place (the assistant's moves).
      let lines = state.lines
      if let focused,
        let line = lines.firstIndex(where: { line in
          if case .item(let index) = line { return state.items[index].name == focused }
          return false
        })
      {
        state.scroll.selected = line
      }
      skipHeading(&state, lines: lines, forward: true)
    case .message(.dataChanged):
      if state.crumbIsDatabaseTitle { state.crumb = session.databaseTitle }
      return countAfterOwnWrite(&state, in: session)
    case .message(.changedElsewhere):
      if state.crumbIsDatabaseTitle { state.crumb = session.databaseTitle }
      return loadCounts(&state, in: session)
    case .message(.follow):
      guard session.dialect == .sqlite, let first = state.items.first, state.follow.startProbe() else {
        return .none
      }
      let generation = state.checkGeneration
      return .probe(first.name, keys: []) { .probed(generation: generation, $0) }
    case .probed(let generation, let result):
      guard generation == state.checkGeneration else { break }
      if state.follow.probed(keys: [], result) { return loadCounts(&state, in: session) }
    case .rebaselined(let generation, let result):
      guard generation == state.checkGeneration else { break }
      state.follow.rebaselined(result)
    case .message:
      break
    }
    state.scroll.scrollIntoView(
      count: state.lines.count,
      visibleRows: max(1, state.viewport.height - (state.input == nil && state.filter.isEmpty ? 0 : 1)))
    // Lines that came on screen (a move, a filter, a resize) get their stale counts.
    return state.items.count > countedAtOnce ? countShown(&state, in: session) : .none
  }

  /// Moves the cursor off a schema heading, in the direction it was going.
  static func skipHeading(_ state: inout State, lines: [State.Line], forward: Bool) {
    guard let selected = state.scroll.selected, lines.indices.contains(selected), case .heading = lines[selected] else {
      if lines.isEmpty {
        state.scroll.selected = nil
      } else if state.scroll.selected == nil {
        state.scroll.selected = 0
      }
      return
    }
    let order =
      forward
      ? Array(selected..<lines.count) + Array((0..<selected).reversed())
      : Array((0...selected).reversed()) + Array((selected + 1)..<lines.count)
    state.scroll.selected = order.first { if case .item = lines[$0] { true } else { false } }
  }

  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    let items = state.items
    let counts = state.counts
    let width = area.width
    let lines = state.lines
    var scroll = state.scroll
    var listArea = area
    if let input = state.input {
      listArea.height -= 1
      buffer.setString("/", x: area.x, y: area.bottom - 1, style: context.theme[.accent])
      var field = input
      TextField(placeholder: "find an entity", focused: true, theme: context.theme)
        .render(
          in: Rect(x: area.x + 1, y: area.bottom - 1, width: area.width - 1, height: 1), buffer: &buffer, state: &field)
    } else if !state.filter.isEmpty {
      listArea.height -= 1
      buffer.setString(
        "/" + state.filter + "  (Esc clears)", x: area.x, y: area.bottom - 1, width: area.width,
        style: context.theme[.muted])
    }
    ListView(count: lines.count, focused: context.focused, showsPosition: false, theme: context.theme) { index in
      switch lines[index] {
      case .heading(let schema):
        return "── " + schema + " "
      case .item(let position):
        let item = items[position]
        let count = counts[item.name] ?? ""
        let labelWidth = max(1, width - count.displayWidth - 2)
        return item.label.fitted(toWidth: labelWidth) + " " + count
      }
    }.render(in: listArea, buffer: &buffer, state: &scroll)
    if lines.isEmpty && listArea.height > 0 {
      let note: String
      if !state.filter.isEmpty {
        note = " No entity matches “\(state.filter)”"
      } else if context.session.model.entities.isEmpty {
        note = " This database has no tables or views (an empty database file?)"
      } else {
        note = " No entity to show: visibleEntityNames names none of the tables"
      }
      buffer.setString(note, x: area.x, y: area.y, width: area.width, style: context.theme[.muted])
    }
  }

  /// What the runtime shows of the page: title, crumb, status bar, focus, spinner.
  public static func describe(_ state: State, in session: Session) -> PageDescription {
    PageDescription(
      title: title(state, in: session),
      crumb: crumb(state),
      status: status(state, in: session),
      focus: focus(state, in: session),
      prefersNarrowPane: prefersNarrowPane)
  }
  static func title(_ state: State, in session: Session) -> String { "Entities" }

  static func crumb(_ state: State) -> String? { state.crumb }

  static func focus(_ state: State, in session: Session) -> PageFocus {
    PageFocus(entityName: state.selectedItem?.name)
  }
}
