import Access
import Foundation
import Journal
import TerminalCore
import Widgets

/// The journal page (`journal` task, `J`): the session's changes, newest first — when, what
/// (inserted, updated, deleted), which row, and the values before → after (never those of
/// password-like attributes). Undone changes are marked `↶` at the start of their line (seen at
/// any width); `u`/`U` walk the journal from
/// here too; Enter opens the row.
public enum JournalFeature: PageFeature {
  public struct State: Equatable, Sendable {
    var id: PageID
    var lines: [SessionJournal.Line]
    var scroll = ScrollState()
    var viewport = Size(width: 60, height: 20)

    var selectedLine: SessionJournal.Line? {
      scroll.selected.flatMap { lines.indices.contains($0) ? lines[$0] : nil }
    }
  }

  public enum Action: Equatable, Sendable {
    case navigate(NavigationAction)
    case open
    case message(PageMessage)
  }

  public static let name = "JournalPage"

  public static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    var state = State(id: id, lines: visibleLines(in: session))
    state.scroll.selected = state.lines.isEmpty ? nil : 0
    return (state, .none)
  }

  /// The journal's lines, but those of entities hidden from the user (`isEntityHidden`).
  static func visibleLines(in session: Session) -> [SessionJournal.Line] {
    session.journal.lines.filter { line in
      session.entity(named: line.entry.entity).map { !session.isHidden($0) } ?? true
    }
  }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> { keyCatalogue }

  public static let keyCatalogue = KeyMap<Action>(
    "Journal",
    [
      KeyBinding([KeyEvent(.enter), KeyEvent(.right), .char("l")], .open, "Open the row")
    ]
  ).then(AppKeys.navigation.map { .navigate($0) })

  public static func action(for message: PageMessage) -> Action? { .message(message) }

  public static func isMovement(_ action: Action) -> Bool {
    if case .navigate = action { return true }
    return false
  }

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    switch action {
    case .navigate(let move):
      state.scroll.apply(move, count: state.lines.count, pageSize: state.viewport.height)
    case .open:
      guard let line = state.selectedLine, !line.entry.key.isEmpty else { return .none }
      if line.entry.after == nil, !line.isUndone {
        return .command(
          .banner(.notice, "“\(line.title.terminalSafe)” was deleted by this change — undoing it (u) restores the row"))
      }
      if line.entry.before == nil, line.isUndone {
        return .command(
          .banner(.notice, "“\(line.title.terminalSafe)” was removed by undoing this change — U inserts it again"))
      }
      return .command(
        .open(
          PageRequest(task: .inspect, entityName: line.entry.entity, key: line.entry.key, crumb: line.title),
          from: state.id))
    case .message(.dataChanged):
      state.lines = visibleLines(in: session)
      if state.scroll.selected == nil, !state.lines.isEmpty { state.scroll.selected = 0 }
    case .message(.resized(let size)):
      state.viewport = size
    case .message(.click(let point)):
      let line = state.scroll.offset + point.y
      if state.lines.indices.contains(line) { state.scroll.selected = line }
    case .message:
      break
    }
    if let selected = state.scroll.selected, selected >= state.lines.count {
      state.scroll.selected = state.lines.isEmpty ? nil : state.lines.count - 1
    }
    state.scroll.scrollIntoView(count: state.lines.count, visibleRows: max(1, state.viewport.height))
    return .none
  }

  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    let session = context.session
    let lines = state.lines.map { describe($0, in: session) }
    var scroll = state.scroll
    ListView(count: lines.count, focused: context.focused, theme: context.theme) { lines[$0] }
      .render(in: area, buffer: &buffer, state: &scroll)
    if lines.isEmpty && area.height > 0 {
      buffer.setString(
        " No change saved in this session yet", x: area.x, y: area.y, width: area.width, style: context.theme[.muted])
    }
  }

  /// One line: `14:02:11  updated  Film “ACADEMY DINOSAUR”  title: ACADEMY → ACADEMY II`.
  static func describe(_ line: SessionJournal.Line, in session: Session) -> String {
    let entry = line.entry
    let entity = session.model[entity: entry.entity]
    if let rows = entry.rows {
      // A batch change: its rows, and what each took.
      let set = rows.columns.map { name -> String in
        entity?[attribute: name]?.isPassword ?? false ? name + " changed" : name + " → " + shown(rows.after[name])
      }
      return
        ((line.isUndone ? "↶ " : "  ") + timeFormatter.string(from: entry.time) + "  updated   " + line.title
        + "  " + set.joined(separator: ", ")).terminalSafe
    }
    let what: String
    switch (entry.before, entry.after) {
    case (nil, _?): what = "inserted"
    case (_?, nil): what = "deleted "
    default: what = "updated "
    }
    var text = (line.isUndone ? "↶ " : "  ") + timeFormatter.string(from: entry.time) + "  " + what + "  "
    text += (entity?.displayName ?? entry.entity) + " “" + line.title + "”"
    if let before = entry.before, let after = entry.after {
      let changes = after.keys.sorted().map { name -> String in
        if entity?[attribute: name]?.isPassword ?? false { return name + " changed" }
        return name + ": " + shown(before[name]) + " → " + shown(after[name])
      }
      text += "  " + changes.joined(separator: ", ")
    }
    return text.terminalSafe
  }

  static func shown(_ value: DatabaseValue?) -> String {
    guard let value, value != .null else { return "∅" }
    let text = value.plainText
    return text.count > 40 ? String(text.prefix(39)) + "…" : text
  }

  static let timeFormatter: DateFormatter = {
    let formatter = DateFormatter()
    formatter.dateFormat = "HH:mm:ss"
    return formatter
  }()

  /// What the runtime shows of the page: title, crumb, status bar, focus, spinner.
  public static func describe(_ state: State, in session: Session) -> PageDescription {
    PageDescription(
      title: title(state, in: session),
      crumb: crumb(state),
      status: status(state, in: session),
      focus: focus(state, in: session))
  }
  static func title(_ state: State, in session: Session) -> String {
    "Journal (\(state.lines.count))"
  }

  static func crumb(_ state: State) -> String? { "Journal" }

  static func status(_ state: State, in session: Session) -> PageStatus {
    PageStatus(hints: [
      KeyHint(keys: "Enter", description: "Open the row"), KeyHint(keys: "u", description: "Undo"),
      KeyHint(keys: "U", description: "Redo"), KeyHint(keys: "↶", description: "undone"),
    ])
  }

  static func focus(_ state: State, in session: Session) -> PageFocus {
    PageFocus(entityName: state.selectedLine?.entry.entity)
  }
}
