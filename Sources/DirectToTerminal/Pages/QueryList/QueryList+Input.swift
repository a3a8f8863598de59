import Access
import Foundation
import Qualifiers
import TerminalCore
import Widgets

/// The `/` search and `\` filter line.
extension QueryListFeature {
  static func inputKey(_ state: inout State, _ key: KeyEvent, in session: Session) -> Effect<Action> {
    guard var input = state.input else { return .none }
    switch key.key {
    case .escape:
      state.input = nil
      return .none
    case .backspace where input.kind == .filter && input.field.text.isEmpty && key.modifiers.isEmpty:
      return dropLastFilterTerm(&state, in: session)
    case .enter:
      let text = input.field.text
      switch input.kind {
      case .search:
        state.search = text
        state.searchQualifier = SearchQualifier.make(text, entity: session.entity(named: state.entityName))
      case .filter:
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
          state.filter = nil
          state.filterText = ""
        } else {
          do {
            let qualifier = try Qualifier(parsing: text)
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
      return startQuery(&state, in: session)
    default:
      _ = input.field.handle(key)
      input.error = nil
      state.input = input
      return .none
    }
  }
}
