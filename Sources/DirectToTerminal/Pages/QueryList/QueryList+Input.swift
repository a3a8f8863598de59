import Access
import History
import Foundation
import Qualifiers
import TerminalCore
import Widgets

/// The `/` search and `\` filter line.
extension QueryListFeature {
  static func inputKey(_ state: inout State, _ key: KeyEvent, in session: Session) -> Effect<Action> {
    guard var input = state.input else { return .none }
    if input.reverse != nil { return reverseSearchKey(&state, &input, key) }
    let entries = session.history.texts(input.historyKind)
    switch (key.key, key.modifiers) {
    case (.up, []), (.down, []):
      var recall = input.recall ?? HistoryRecall(entries: entries)
      let text = key.key == .up ? recall.previous(current: input.field.text) : recall.next()
      if let text { input.field = TextFieldState(text) }
      input.recall = recall
      state.input = input
      return .none
    case (.character("r"), .control):
      input.reverse = ReverseSearch(entries: entries)
      state.input = input
      return .none
    default:
      break
    }
    switch key.key {
    case .escape:
      state.input = nil
      return .none
    case .backspace where input.kind == .filter && input.field.isEmpty && key.modifiers.isEmpty:
      return dropLastFilterTerm(&state, in: session)
    case .enter:
      let text = input.field.text
      switch input.kind {
      case .search:
        if let refusal = SearchQualifier.lengthRefusal(text) {
          input.error = refusal
          state.input = input
          return .none
        }
        state.search = text
        let entity = session.entity(named: state.entityName)
        state.searchQualifier = SearchQualifier.make(
          text, entity: entity, shownPaths: entity.map { searchedPaths(state, entity: $0, in: session) } ?? []
        ) { attribute in
          entity.map { session.allowsPasswordQueries(attribute, of: $0) } ?? false
        }
      case .filter:
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
          state.filter = nil
          state.filterText = ""
        } else {
          do {
            let written = try Qualifier(parsing: text)
            let qualifier: Qualifier
            do {
              qualifier = try session.context(task: state.task, entity: session.entity(named: state.entityName))
                .bound(written)
            } catch {
              input.error = "\(error) (a variable names a rule-context key, e.g. $user.id)"
              state.input = input
              return .none
            }
            if let entity = session.entity(named: state.entityName),
              let refusal = session.passwordQueryRefusal(
                qualifier.keyPaths.map(\.description), from: entity, asWhat: "in a filter")
            {
              input.error = refusal
              state.input = input
              return .none
            }
            let spec = FetchSpecification(entityName: state.entityName, qualifier: qualifier, limit: 1)
            if let problem = session.problem(with: spec) {
              input.error = problem
              state.input = input
              return .none
            }
            state.filter = qualifier
            state.filterText = text
          } catch {
            input.error = "column \(error.column): \(error.message)"
            state.input = input
            return .none
          }
        }
      }
      state.input = nil
      state.cursor = .fromStart(0)
      state.cursorLine = 0
      state.total = .unknown
      state.previousCount = nil
      return startQuery(&state, in: session).merge(.command(.remember(text, input.historyKind)))
    default:
      state.input = nil  // the field's characters are edited in place, not copied
      _ = input.field.handle(key)
      input.error = nil
      input.recall = nil
      state.input = input
      return .none
    }
  }

  /// Keys while Ctrl-R searches the history: typing narrows, Ctrl-R goes to an older match,
  /// Enter takes the match into the line, Esc goes back to what was typed.
  static func reverseSearchKey(_ state: inout State, _ input: inout InputLine, _ key: KeyEvent) -> Effect<Action> {
    guard var reverse = input.reverse else { return .none }
    switch (key.key, key.modifiers) {
    case (.character("r"), .control): reverse.older()
    case (.backspace, _): reverse.backspace()
    case (.escape, _):
      input.reverse = nil
      state.input = input
      return .none
    case (.enter, _):
      if let match = reverse.match { input.field = TextFieldState(match) }
      input.reverse = nil
      state.input = input
      return .none
    default:
      if let character = key.typedCharacter { reverse.type(String(character)) }
    }
    input.reverse = reverse
    state.input = input
    return .none
  }
}

extension QueryListFeature {
  /// The text the list shows through relationships, which a search looks in too: to-ones'
  /// titles and key-path columns (`address.city.city`, `tags.name` through a many-to-many).
  static func searchedPaths(_ state: State, entity: Entity, in session: Session) -> [PropertyPath] {
    var paths: [PropertyPath] = []
    for column in state.columns {
      let candidates: [String]
      switch column.kind {
      case .attribute: candidates = column.propertyKey.contains(".") ? [column.propertyKey] : []
      case .toOne: candidates = column.keyPaths.filter { $0.contains(".") }
      case .toMany: candidates = []
      }
      for path in candidates {
        guard let attribute = attribute(at: path, from: entity, session: session), !attribute.isPassword,
          !paths.contains(PropertyPath(path))
        else { continue }
        switch attribute.valueType {
        case .text, .enumeration: break
        default: continue
        }
        paths.append(PropertyPath(path))
      }
    }
    return paths
  }
}
