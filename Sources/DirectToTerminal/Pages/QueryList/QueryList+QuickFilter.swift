import Access
import Qualifiers
import TerminalCore
import Widgets

/// `=` keeps rows whose focused column equals the value under the cursor, `!` those that
/// differ (NULL as IS NULL, and NULLs count as different); each stacks onto the filter,
/// which the `\` line shows as text. Backspace on an empty filter line drops the last term.
extension QueryListFeature {
  static func quickFilter(_ state: inout State, equal: Bool, in session: Session) -> Effect<Action> {
    // With marks: only the marked rows, or only the others.
    if let marked = state.marks.qualifier {
      return applyFilter(&state, filterTerms(state.filter) + [equal ? marked : .not(marked)], in: session)
    }
    guard state.columns.indices.contains(state.selectedColumn), let row = state.selectedRow,
      let entity = session.entity(named: state.entityName)
    else { return .none }
    let column = state.columns[state.selectedColumn]
    let paths: [String]
    switch column.kind {
    case .attribute: paths = [column.propertyKey]
    case .toOne: paths = column.keyPaths
    case .toMany:
      return .command(.banner(.notice, "\(column.presentation.label) is a list of rows: nothing to compare"))
    }
    if let refusal = session.passwordQueryRefusal(paths, from: entity, asWhat: "in a filter") {
      return .command(.banner(.notice, refusal))
    }
    for path in paths {
      guard let attribute = attribute(at: path, from: entity, session: session) else { continue }
      if let kind = uncomparable(attribute) {
        return .command(
          .banner(
            .notice,
            "\(column.presentation.label) holds \(kind): = and ! compare single values; \\ filters it by hand"))
      }
    }
    let terms = paths.map { path -> Qualifier in
      // Through a to-many the cell holds each related row's value: `=` keeps rows with some
      // of them (`tags.name in ('red', 'sale')`), `!` rows with none; no value, rows with none.
      if session.model.crossesToMany(from: entity, PropertyPath(path)) {
        guard case .array(let values)? = row[path], !values.isEmpty else {
          let any = Qualifier.comparison(PropertyPath(path), .notEqual, .null)
          return equal ? .not(any) : any
        }
        let some = Qualifier.comparison(PropertyPath(path), .in, .list(values.map(\.qualifierValue)))
        return equal ? some : .not(some)
      }
      let value = (row[path] ?? .null).qualifierValue
      if value == .null { return .comparison(PropertyPath(path), equal ? .equal : .notEqual, .null) }
      if equal { return .comparison(PropertyPath(path), .equal, value) }
      let differs = Qualifier.comparison(PropertyPath(path), .notEqual, value)
      return isNullable(path, in: entity, session: session)
        ? .or([differs, .comparison(PropertyPath(path), .equal, .null)]) : differs
    }
    let term: Qualifier = terms.count == 1 ? terms[0] : (equal ? .and(terms) : .or(terms))
    return applyFilter(&state, filterTerms(state.filter) + [term], in: session)
  }

  /// The terms of a filter: the parts of a top-level AND, or the filter itself.
  static func filterTerms(_ filter: Qualifier?) -> [Qualifier] {
    switch filter {
    case nil: return []
    case .and(let parts)?: return parts
    case let other?: return [other]
    }
  }

  static func applyFilter(_ state: inout State, _ terms: [Qualifier], in session: Session) -> Effect<Action> {
    state.filter = terms.isEmpty ? nil : (terms.count == 1 ? terms[0] : .and(terms))
    state.filterText = state.filter?.description ?? ""
    state.cursor = .fromStart(0)
    state.cursorLine = 0
    state.total = .unknown
    state.previousCount = nil
    return startQuery(&state, in: session)
  }

  /// Backspace on an empty `\` line: the filter without its last term, shown in the line.
  static func dropLastFilterTerm(_ state: inout State, in session: Session) -> Effect<Action> {
    let terms = filterTerms(state.filter)
    guard !terms.isEmpty else { return .none }
    let effect = applyFilter(&state, Array(terms.dropLast()), in: session)
    state.input = InputLine(kind: .filter, field: TextFieldState(state.filterText), error: nil)
    return effect
  }

  /// What makes a column's values unfit for `=`/`!`, or nil.
  static func uncomparable(_ attribute: Attribute) -> String? {
    CellActions.uncomparable(attribute.valueType, declaredType: attribute.declaredType)
  }

  static func isNullable(_ path: String, in entity: Entity, session: Session) -> Bool {
    attribute(at: path, from: entity, session: session)?.isNullable ?? true
  }

  static func isPassword(_ path: String, in entity: Entity, session: Session) -> Bool {
    attribute(at: path, from: entity, session: session)?.isPassword ?? false
  }

  /// The attribute a key path ends at (`address.phone` → Address.phone).
  static func attribute(at path: String, from entity: Entity, session: Session) -> Attribute? {
    var current = entity
    let parts = PropertyPath(path).components
    for part in parts.dropLast() {
      guard let relationship = current[relationship: part], let next = session.model[entity: relationship.destination]
      else { return nil }
      current = next
    }
    return parts.last.flatMap { current[attribute: $0] }
  }
}
