import Access
import TerminalCore
import Widgets

/// `v` on a cell or field: the value in full — wrapped text, JSON pretty-printed with
/// folding, binary as hex, arrays one element a line — scrolled with the usual keys and
/// searched with `/` (`n`/`N` for the next and previous match). A hex dump takes as many
/// bytes a line as the pane has room for; lines that still do not fit (pretty JSON, array
/// items) scroll sideways with →/l and ←/h; a `/` match off to the side scrolls into view.
/// `h` never leaves the viewer (at column 1 it does nothing); ← at column 1, Esc, `v` and
/// `q` close it. `y` copies the value (as `y` on the cell does).
public enum ValueViewerFeature: PageFeature {
  public struct State: Equatable, Sendable {
    var id: PageID
    var value: DatabaseValue
    var label: String
    var document: ViewerDocument
    /// The line under the cursor (an index into the visible lines).
    var cursor = 0
    var top = 0
    /// Columns scrolled off to the left, for lines wider than the pane.
    var left = 0
    /// Lines whose block is folded.
    var folded: Set<Int> = []
    var search = ""
    var input: TextFieldState?
    var message: String?
    var viewport = Size(width: 60, height: 20)

    /// The widest line, in columns.
    var documentWidth: Int { document.width }

    /// The line indices shown, folded blocks skipped.
    var visible: [Int] {
      var result: [Int] = []
      var index = 0
      while index < document.lines.count {
        result.append(index)
        index = folded.contains(index) ? document.blockEnd(index) + 1 : index + 1
      }
      return result
    }
  }

  public enum Action: Equatable, Sendable {
    case navigate(NavigationAction)
    case toggleFold
    case beginSearch
    case searchKey(KeyEvent)
    case next(forward: Bool)
    /// Scrolls sideways by a number of columns.
    case scroll(Int)
    case close
    case copy
    case resized(Size)
    case click(Point)
  }

  public static let name = "ValueViewerPage"

  public static func open(
    _ request: PageRequest, id: PageID, in session: Session
  ) throws(PageRefusal)
    -> (State, Effect<Action>)
  {
    guard let value = request.detail(as: ViewerRequest.self)?.value else {
      throw PageRefusal("There is no value to show.", asBanner: true)
    }
    let label = request.crumb ?? "Value"
    return (State(id: id, value: value, label: label, document: ViewerDocument(value, width: 60)), .none)
  }

  public static func keyMap(_ state: State, in session: Session) -> KeyMap<Action> {
    let step = max(1, state.viewport.width / 2)
    var names: Set<String> = ["search", "nextMatch", "previousMatch", "fold", "copy", "close"]
    if state.left + state.viewport.width < state.documentWidth { names.insert("scrollRight") }
    names.insert(state.left > 0 ? "scrollLeft" : "atLeftEdge")
    return viewerKeys.only(names)
      .updating("fold") { $0.shown = state.document.kind == .json }
      .updating("scrollRight") { $0.action = .scroll(step) }
      .updating("scrollLeft") { $0.action = .scroll(-step) }
      .then(AppKeys.navigation.map { .navigate($0) })
  }

  public static var keySection: String { "viewer" }

  public static let keyCatalogue = viewerKeys.then(AppKeys.navigation.map { .navigate($0) })

  static let viewerKeys = KeyMap<Action>(
    "Viewer",
    [
      KeyBinding(.char("/"), .beginSearch, "Search", name: "search"),
      KeyBinding(.char("n"), .next(forward: true), "Next match", shown: false, name: "nextMatch"),
      KeyBinding(.char("N"), .next(forward: false), "Previous match", shown: false, name: "previousMatch"),
      KeyBinding([KeyEvent(.enter), .char(" ")], .toggleFold, "Fold", name: "fold"),
      KeyBinding(.char("y"), .copy, "Copy"),
      KeyBinding([KeyEvent(.escape), .char("v"), .char("q")], .close, "Close"),
      KeyBinding([KeyEvent(.right), .char("l")], .scroll(1), "Scroll right", name: "scrollRight"),
      KeyBinding([KeyEvent(.left), .char("h")], .scroll(-1), "Scroll left", name: "scrollLeft"),
      // At column 1 `h` stays (scrolling left with it never leaves); ← closes the viewer.
      KeyBinding(.char("h"), .scroll(0), "Scroll left", shown: false, name: "atLeftEdge"),
      KeyBinding(KeyEvent(.left), .close, "Close", shown: false, name: "atLeftEdge"),
    ])

  public static func action(for key: KeyEvent, _ state: State, in session: Session) -> Action? {
    if state.input != nil { return .searchKey(key) }
    return keyMap(state, in: session).action(for: key)
  }

  public static func action(for message: PageMessage) -> Action? {
    switch message {
    case .resized(let size): return .resized(size)
    case .click(let point): return .click(point)
    default: return nil
    }
  }

  public static func isMovement(_ action: Action) -> Bool {
    if case .navigate = action { return true }
    return false
  }

  public static func update(_ state: inout State, _ action: Action, in session: Session) -> Effect<Action> {
    let visible = state.visible
    let height = max(1, state.viewport.height - 1)
    switch action {
    case .navigate(let move):
      var scroll = ScrollState(selected: state.cursor, offset: state.top)
      scroll.apply(move, count: visible.count, pageSize: height)
      state.cursor = scroll.selected ?? 0
    case .toggleFold:
      guard visible.indices.contains(state.cursor) else { break }
      let line = visible[state.cursor]
      if state.folded.contains(line) {
        state.folded.remove(line)
      } else if state.document.lines[line].opens {
        state.folded.insert(line)
      }
    case .beginSearch:
      state.input = TextFieldState(state.search)
    case .searchKey(let key):
      switch key.key {
      case .escape: state.input = nil
      case .enter:
        state.search = state.input?.text ?? ""
        state.input = nil
        find(&state, forward: true, from: state.cursor)
      default: _ = state.input?.handle(key)
      }
    case .next(let forward):
      find(&state, forward: forward, from: state.cursor + (forward ? 1 : -1))
    case .scroll(let delta):
      state.left = max(0, min(state.documentWidth - state.viewport.width, state.left + delta))
    case .close:
      return .command(.close(state.id))
    case .copy:
      return .command(CellActions.copy(state.value))
    case .click(let point):
      if point.y < height, visible.indices.contains(state.top + point.y) { state.cursor = state.top + point.y }
    case .resized(let size):
      relayout(&state, width: size.width)
      state.viewport = size
    }
    state.left = max(0, min(state.left, state.documentWidth - state.viewport.width))
    var scroll = ScrollState(selected: state.cursor, offset: state.top)
    scroll.scrollIntoView(count: state.visible.count, visibleRows: height)
    state.cursor = scroll.selected ?? 0
    state.top = scroll.offset
    return .none
  }

  /// Wrapped text and a hex dump are laid out again for a new width; a hex dump keeps the
  /// cursor on the same bytes.
  static func relayout(_ state: inout State, width: Int) {
    switch state.document.kind {
    case .text:
      if width != state.viewport.width { state.document = ViewerDocument(state.value, width: width) }
    case .binary:
      let old = ViewerDocument.bytesPerLine(width: state.viewport.width)
      let new = ViewerDocument.bytesPerLine(width: width)
      guard old != new else { return }
      state.document = ViewerDocument(state.value, width: width)
      state.cursor = state.cursor * old / new
      state.top = state.top * old / new
    case .json, .array:
      break
    }
  }

  /// Moves the cursor to the next (or previous) visible line containing the search text.
  static func find(_ state: inout State, forward: Bool, from start: Int) {
    guard !state.search.isEmpty else { return }
    let visible = state.visible
    let needle = state.search.lowercased()
    // Backward from the line above line 0 (`start` is -1) wraps to the last line: strides
    // are empty rather than trapping when their bounds cross.
    let last = max(-1, min(start, visible.count - 1))
    let order =
      forward
      ? Array(max(0, start)..<visible.count) + Array(0..<min(max(0, start), visible.count))
      : Array(stride(from: last, through: 0, by: -1)) + Array(stride(from: visible.count - 1, to: last, by: -1))
    if let hit = order.first(where: { state.document.lines[visible[$0]].text.lowercased().contains(needle) }) {
      state.cursor = hit
      state.message = nil
      revealMatch(&state, in: state.document.lines[visible[hit]].text)
    } else {
      state.message = "“\(state.search)” not found"
    }
  }

  /// Scrolls sideways so the search match on `line` is on screen (a few columns of
  /// context before it when it was off to the left or right).
  static func revealMatch(_ state: inout State, in line: String) {
    guard let range = line.range(of: state.search, options: .caseInsensitive) else { return }
    let start = String(line[..<range.lowerBound]).displayWidth
    let end = start + String(line[range]).displayWidth
    let width = max(1, state.viewport.width)
    guard start < state.left || end > state.left + width else { return }
    state.left = max(0, start - min(8, width / 4))
    if end > state.left + width { state.left = end - width }
  }

  public static func view(_ state: State, in context: ViewContext, area: Rect, buffer: inout Buffer) {
    let theme = context.theme
    let visible = state.visible
    let height = max(1, area.height - 1)
    for row in 0..<height {
      let position = state.top + row
      guard visible.indices.contains(position) else { break }
      let line = state.document.lines[visible[position]]
      var text = line.text
      if state.folded.contains(visible[position]) {
        text += " … " + String(state.document.blockEnd(visible[position]) - visible[position] - 1) + " lines"
      }
      let selected = position == state.cursor
      let style = selected ? theme[context.focused ? .selection : .inactiveSelection] : theme[.surface]
      if selected { buffer.fill(Rect(x: area.x, y: area.y + row, width: area.width, height: 1), with: .blank(style)) }
      buffer.setString(text.droppingColumns(state.left), x: area.x, y: area.y + row, width: area.width, style: style)
    }
    let bottom = area.bottom - 1
    if var field = state.input {
      buffer.setString("/", x: area.x, y: bottom, style: theme[.accent])
      TextField(placeholder: "search", focused: true, theme: theme)
        .render(in: Rect(x: area.x + 1, y: bottom, width: area.width - 1, height: 1), buffer: &buffer, state: &field)
    } else {
      let info = state.message ?? positionLine(state, visible: visible, width: area.width)
      buffer.setString(
        info, x: area.x, y: bottom, width: area.width, style: theme[state.message == nil ? .muted : .error])
    }
  }

  /// The bottom line: where the cursor is, the columns shown, the search — the longest form
  /// that fits `width`, shorter ones in a narrow pane (`3/10 · 1–40/120` at the least).
  static func positionLine(_ state: State, visible: [Int], width: Int) -> String {
    let line = visible.isEmpty ? 0 : visible[state.cursor] + 1
    let count = state.document.lines.count
    let kind = state.document.kind.rawValue
    let search = state.search.isEmpty ? "" : " · /\(state.search)"
    let sideways = state.documentWidth > width
    let first = state.left + 1
    let last = min(state.documentWidth, state.left + width)
    let columns = sideways ? "←→ columns \(first)–\(last) of \(state.documentWidth) · " : ""
    let shortColumns = sideways ? " · \(first)–\(last)/\(state.documentWidth)" : ""
    let forms = [
      columns + "\(kind) · line \(line) of \(count)" + search,
      "\(kind) · \(line)/\(count)" + shortColumns + search,
      "\(line)/\(count)" + shortColumns,
      "\(line)/\(count)",
    ]
    return forms.first { $0.displayWidth <= width } ?? forms[forms.count - 1]
  }

  /// What the runtime shows of the page: title, crumb, status bar, focus, spinner.
  public static func describe(_ state: State, in session: Session) -> PageDescription {
    PageDescription(
      title: title(state, in: session),
      crumb: crumb(state),
      status: status(state, in: session))
  }
  static func title(_ state: State, in session: Session) -> String { state.label }
  static func crumb(_ state: State) -> String? { state.label }

  static func status(_ state: State, in session: Session) -> PageStatus {
    if state.input != nil {
      return PageStatus(
        message: "Search",
        hints: [KeyHint(keys: "Enter", description: "Find"), KeyHint(keys: "Esc", description: "Cancel")])
    }
    return PageStatus()
  }
}

extension String {
  /// The text without its first `columns` terminal columns (a wide character cut in half
  /// becomes a space).
  func droppingColumns(_ columns: Int) -> String {
    guard columns > 0 else { return self }
    var skipped = 0
    var result = ""
    DisplayWidth.forEachCluster(self) { cluster, width in
      if skipped >= columns {
        result += cluster
      } else {
        skipped += width
        if skipped > columns { result += String(repeating: " ", count: skipped - columns) }
      }
      return true
    }
    return result
  }
}

/// The value a viewer shows in full.
public struct ViewerRequest: Hashable, Sendable {
  public var value: DatabaseValue

  public init(value: DatabaseValue) { self.value = value }
}
