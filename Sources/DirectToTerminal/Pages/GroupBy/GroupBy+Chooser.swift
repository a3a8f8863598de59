import Access
import TerminalCore
import Widgets

/// The group-by page's chooser: a popup of the entity's groupings (`g`, `+`) or aggregates
/// (`a`; one already shown is taken away), filtered by typing.
extension GroupByFeature {
  static func openChooser(_ state: inout State, _ purpose: Chooser.Purpose, in session: Session) -> Effect<Action> {
    guard let entity = session.entity(named: state.request.entityName) else { return .none }
    let options = GroupByOptions(entity, in: session)
    let texts: [String]
    switch purpose {
    case .grouping:
      texts = options.groupings.map(\.title)
    case .aggregate:
      texts = options.aggregates.map { aggregate in
        (state.request.aggregates.contains(aggregate) ? "✓ " : "  ")
          + GroupByOptions.label(of: aggregate, entity: entity, in: session)
      }
    }
    guard !texts.isEmpty else {
      return .command(
        .banner(.notice, "\(entity.displayName) has no column to \(purpose == .aggregate ? "add up" : "group by")"))
    }
    var chooser = Chooser(purpose: purpose, options: texts)
    chooser.picker.isOpen = true
    chooser.picker.list = ScrollState(selected: 0)
    state.chooser = chooser
    return .none
  }

  /// `c`: the column under the cursor (the count when it is a grouping) over the first
  /// grouping — columns over time for a date bucket, bars otherwise.
  static func chartRequest(_ state: State) -> ChartRequest {
    var request = state.request
    request.groups = Array(request.groups.prefix(1))
    let first = request.groups[0]
    let spec = request.specification(sortColumn: nil, ascending: true, offset: 0, limit: ChartRequest.limit)
    let column = state.table.selectedColumn ?? 0
    let aggregate = column > state.request.groups.count ? column - state.request.groups.count - 1 : nil
    let labels =
      first.titlePaths.isEmpty
      ? Array(0..<first.keyPaths.count) : Array(first.keyPaths.count..<(first.keyPaths.count + first.titlePaths.count))
    let headers = state.request.headers
    return ChartRequest(
      specification: spec, labelValues: labels, aggregate: aggregate,
      valueLabel: aggregate.map { headers[state.request.groups.count + 1 + $0] } ?? "Count",
      categoryLabel: first.title, isTime: first.bucket != nil)
  }

  static func chooserKey(_ state: inout State, _ key: KeyEvent, in session: Session) -> Effect<Action> {
    guard var chooser = state.chooser, let entity = session.entity(named: state.request.entityName) else {
      return .none
    }
    let outcome = chooser.picker.handle(key, options: chooser.options)
    state.chooser = chooser
    switch outcome {
    case .handled, .ignored:
      return .none
    case .cancelled:
      state.chooser = nil
      return .none
    case .chosen(let index):
      state.chooser = nil
      let options = GroupByOptions(entity, in: session)
      switch chooser.purpose {
      case .grouping(let position):
        guard options.groupings.indices.contains(index) else { return .none }
        let grouping = options.groupings[index]
        if let refusal = session.passwordQueryRefusal(grouping.keyPaths, from: entity, asWhat: "to group by") {
          return .command(.banner(.notice, refusal))
        }
        if position < state.request.groups.count {
          state.request.groups[position] = grouping
        } else {
          state.request.groups.append(grouping)
        }
      case .aggregate:
        guard options.aggregates.indices.contains(index) else { return .none }
        let aggregate = options.aggregates[index]
        if let found = state.request.aggregates.firstIndex(of: aggregate) {
          state.request.aggregates.remove(at: found)
          if state.request.aggregateLabels.indices.contains(found) { state.request.aggregateLabels.remove(at: found) }
        } else {
          state.request.aggregates.append(aggregate)
          state.request.aggregateLabels.append(GroupByOptions.label(of: aggregate, entity: entity, in: session))
        }
      }
      state.sortColumn = nil
      return reload(&state)
    }
  }
}
