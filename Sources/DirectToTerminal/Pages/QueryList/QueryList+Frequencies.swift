import Access
import Qualifiers

extension QueryListFeature {
  /// `F`: the frequency page of the focused column over what the list shows (its link,
  /// filter and search); a to-one counts by the related row; a to-many, a password-like
  /// column or values that do not compare (JSON, arrays, binary) are refused with why.
  static func frequencies(_ state: State, in session: Session) -> Effect<Action> {
    guard state.columns.indices.contains(state.selectedColumn), let entity = session.entity(named: state.entityName)
    else { return .none }
    let column = state.columns[state.selectedColumn]
    let label = column.presentation.label
    let request: FrequencyRequest
    switch column.kind {
    case .attribute:
      request = FrequencyRequest(
        entityName: entity.name, qualifier: state.qualifier, label: label, keyPaths: [column.propertyKey])
    case .toOne(let titlePaths, _, let joins):
      request = FrequencyRequest(
        entityName: entity.name, qualifier: state.qualifier, label: label,
        keyPaths: joins.map { PropertyPath.quoted($0.source) },
        titlePaths: titlePaths.map { column.propertyKey + "." + $0 })
    case .toMany:
      return .command(.banner(.notice, "\(label) is a list of rows: count its rows from their own list"))
    }
    if let refusal = session.passwordQueryRefusal(
      request.keyPaths + request.titlePaths, from: entity, asWhat: "to count")
    {
      return .command(.banner(.notice, refusal))
    }
    for path in request.keyPaths {
      if let attribute = attribute(at: path, from: entity, session: session), let kind = uncomparable(attribute) {
        return .command(.banner(.notice, "\(label) holds \(kind): its values are not counted"))
      }
    }
    return .command(
      .open(
        PageRequest(task: .frequency, entityName: entity.name, crumb: label + " values", detail: request),
        from: state.id))
  }

  /// `I`: every column the list shows (but to-manys and password-like ones) summarised.
  static func summaries(_ state: State, in session: Session) -> Effect<Action> {
    guard let entity = session.entity(named: state.entityName) else { return .none }
    let requests = state.columns.compactMap { column -> SummaryRequest? in
      guard let path = column.sortKeyPath, session.passwordQueryRefusal([path], from: entity, asWhat: "") == nil
      else { return nil }
      return SummaryRequest(
        entityName: entity.name, qualifier: state.qualifier, label: column.presentation.label, keyPath: path)
    }
    guard !requests.isEmpty else { return .command(.banner(.notice, "No column of this list can be summarised")) }
    return .command(
      .open(PageRequest(task: .summaries, entityName: entity.name, crumb: "Columns", detail: requests), from: state.id))
  }

  /// `i`: the summary of the focused column over what the list shows; a to-one is
  /// summarised by its title, a to-many or a password-like column refused with why.
  static func summary(_ state: State, in session: Session) -> Effect<Action> {
    guard state.columns.indices.contains(state.selectedColumn), let entity = session.entity(named: state.entityName)
    else { return .none }
    let column = state.columns[state.selectedColumn]
    let label = column.presentation.label
    guard let path = column.sortKeyPath else {
      return .command(.banner(.notice, "\(label) is a list of rows: summarise its rows from their own list"))
    }
    if let refusal = session.passwordQueryRefusal([path], from: entity, asWhat: "to summarise") {
      return .command(.banner(.notice, refusal))
    }
    let request = SummaryRequest(entityName: entity.name, qualifier: state.qualifier, label: label, keyPath: path)
    return .command(
      .open(
        PageRequest(task: .summary, entityName: entity.name, crumb: label + " summary", detail: request),
        from: state.id))
  }
}
