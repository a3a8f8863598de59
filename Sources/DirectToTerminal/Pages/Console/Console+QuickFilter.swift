import Access
import TerminalCore
import Widgets

/// `=` keeps the result's rows whose focused column equals the value under the cursor, `!`
/// those that differ (NULL as IS NULL; NULLs count as different). The statement runs again
/// wrapped as a subquery, the values bound as parameters; each key stacks another term, and
/// the editor shows the SQL that ran (the values written as literals) until Ctrl-R runs what
/// it holds; Backspace in the grid drops the last term. Only a query that selects can be
/// wrapped.
extension ConsoleFeature {
  /// One `=`/`!` term: a result column, equal or not, and the value.
  struct QuickFilter: Hashable, Sendable {
    var column: String
    var equal: Bool
    var value: DatabaseValue
  }

  static func quickFilter(_ state: inout State, equal: Bool, in session: Session) -> Effect<Action> {
    guard let (row, column) = focusedCell(state) else { return .none }
    if state.hidden.contains(column) { return .command(.banner(.notice, passwordRefusal(state.columns[column].name))) }
    let base = state.filterBase ?? state.statement?.text ?? ""
    if let refusal = quickFilterRefusal(state, base: ConsoleStatement(text: base), column: column) {
      return .command(.banner(.notice, refusal))
    }
    let term = QuickFilter(column: state.columns[column].name, equal: equal, value: row.values[column])
    return runFiltered(&state, base: base, state.filters + [term], in: session)
  }

  /// `F`: the focused column's values over the whole result, counted by the database (the
  /// query run again as a subquery, read only); Enter there keeps a value's rows here, as
  /// `=` does, and `c` charts them.
  static func frequencies(_ state: State, in session: Session) -> Effect<Action> {
    guard let (_, column) = focusedCell(state), let ran = state.ran else { return .none }
    let name = state.columns[column].name
    if state.hidden.contains(column) { return .command(.banner(.notice, passwordRefusal(name))) }
    let base = ConsoleStatement(text: state.filterBase ?? state.statement?.text ?? "")
    if let refusal = quickFilterRefusal(
      state, base: base, column: column, keys: ("F", "counts", "needs", "counts"))
    {
      return .command(.banner(.notice, refusal))
    }
    var request = FrequencyRequest(entityName: "", qualifier: nil, label: name, keyPaths: [name])
    request.source = ran
    request.sourcePage = state.id
    return .command(
      .open(PageRequest(task: .frequency, crumb: name + " values", detail: request), from: state.id))
  }

  /// Backspace: the result without the last term (the statement as typed after the last).
  static func dropFilter(_ state: inout State, in session: Session) -> Effect<Action> {
    guard let base = state.filterBase, !state.filters.isEmpty else { return .none }
    let filters = Array(state.filters.dropLast())
    guard filters.isEmpty else { return runFiltered(&state, base: base, filters, in: session) }
    let effect = start(&state, sql: base, mode: .readOnly)
    state.editor = atStart(base)
    return effect
  }

  static func runFiltered(
    _ state: inout State, base: String, _ filters: [QuickFilter], in session: Session
  ) -> Effect<Action> {
    let dialect = session.dialect
    let statement = filtered(base, filters, dialect: dialect) { index, _ in dialect.placeholder(index) }
    let shown = filtered(base, filters, dialect: dialect) { _, value in dialect.literal(value) }
    let bindings = filters.map(\.value).filter { !$0.isNull }
    let effect = start(&state, sql: statement, bindings: bindings, mode: .readOnly)
    state.statement = ConsoleStatement(text: base)
    state.filterBase = base
    state.filters = filters
    state.editor = atStart(shown)
    state.message =
      (filters.count == 1
        ? "Filtered: the value is bound as a parameter" : "Filtered: the values are bound as parameters")
      + " · Ctrl-R runs the text"
    return effect
  }

  /// An editor holding `text` with the cursor on its first character, so its start shows.
  static func atStart(_ text: String) -> TextAreaState {
    var editor = TextAreaState(text)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
    _ = editor.handle(KeyEvent(.pageUp), pageSize: lines)
    _ = editor.handle(KeyEvent(.home))
    return editor
  }

  /// Why `=`/`!` cannot filter this result on this column, or nil.
  /// Why `=`/`!` (or `F`, as `keys` says with its verbs) cannot work on this result's column.
  static func quickFilterRefusal(
    _ state: State, base: ConsoleStatement, column: Int,
    keys: (name: String, act: String, need: String, take: String) = ("= and !", "filter", "need", "compare")
  ) -> String? {
    if state.mode == .openTransaction {
      return "\(keys.name) \(keys.act) a query's rows; this statement changed data"
    }
    let keyword = base.keyword
    guard base.runsAsSubquery else {
      let name = keyword.isEmpty ? "this statement" : "this is " + keyword.uppercased()
      return "\(keys.name) \(keys.act) the rows of a SELECT (run again as a subquery); \(name)"
    }
    let result = state.columns[column]
    if state.columns.filter({ $0.name == result.name }).count > 1 {
      return
        "Two columns are named \(result.name): \(keys.name) \(keys.need) a name that appears once (give one an alias)"
    }
    if let kind = CellActions.uncomparable(result.valueType, declaredType: result.typeName) {
      return "\(result.name) holds \(kind): \(keys.name) \(keys.take) single values"
    }
    return nil
  }

  /// `select * from (BASE) as filtered where …`, each non-NULL value written by `value`
  /// from its parameter index (a placeholder, or a literal for the editor).
  static func filtered(
    _ base: String, _ filters: [QuickFilter], dialect: SQLDialect, value: (Int, DatabaseValue) -> String
  ) -> String {
    var inner = base.trimmingTrailingBlanks
    while inner.hasSuffix(";") { inner = String(inner.dropLast()).trimmingTrailingBlanks }
    var parameters = 0
    let terms = filters.map { filter -> String in
      let name = dialect.quote(filter.column)
      if filter.value.isNull { return name + (filter.equal ? " IS NULL" : " IS NOT NULL") }
      let written = value(parameters, filter.value)
      parameters += 1
      if filter.equal { return name + " = " + written }
      return "(" + name + " <> " + written + " OR " + name + " IS NULL)"
    }
    return "SELECT * FROM (\n" + inner + "\n) AS filtered\nWHERE " + terms.joined(separator: "\n  AND ")
  }
}
