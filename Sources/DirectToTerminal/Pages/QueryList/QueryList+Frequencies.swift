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
        entityName: entity.name, qualifier: state.actedOnQualifier, label: label, keyPaths: [column.propertyKey])
    case .toOne(let titlePaths, _, let joins):
      request = FrequencyRequest(
        entityName: entity.name, qualifier: state.actedOnQualifier, label: label,
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
      guard let request = summaryRequest(column, state: state, entity: entity),
        session.passwordQueryRefusal([request.keyPath] + request.titlePaths, from: entity, asWhat: "") == nil
      else { return nil }
      return request
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
    guard let request = summaryRequest(column, state: state, entity: entity) else {
      return .command(.banner(.notice, "\(label) is a list of rows: summarise its rows from their own list"))
    }
    if let refusal = session.passwordQueryRefusal(
      [request.keyPath] + request.titlePaths, from: entity, asWhat: "to summarise")
    {
      return .command(.banner(.notice, refusal))
    }
    return .command(
      .open(
        PageRequest(task: .summary, entityName: entity.name, crumb: label + " summary", detail: request),
        from: state.id))
  }
}

extension QueryListFeature {
  /// `b`: the group-by page over what the list shows, grouped as the rules say
  /// (`summaryGroupKeys`) or by the focused column, with the rules' aggregates
  /// (`summaryAggregates`) or the sum and average of the list's first number column.
  static func groupBy(_ state: State, in session: Session) -> Effect<Action> {
    guard let entity = session.entity(named: state.entityName) else { return .none }
    let context = session.context(task: .group, entity: entity)
    let options = GroupByOptions(entity, in: session)
    var groups = (context.strings("summaryGroupKeys") ?? []).prefix(2).compactMap { options.grouping(named: $0) }
    if groups.isEmpty, state.columns.indices.contains(state.selectedColumn) {
      let column = state.columns[state.selectedColumn]
      if case .toMany = column.kind {
        return .command(
          .banner(.notice, "\(column.presentation.label) is a list of rows: group its rows from their own list"))
      }
      guard let grouping = options.grouping(named: column.propertyKey) else {
        return .command(.banner(.notice, "\(column.presentation.label) cannot be grouped by"))
      }
      groups = [grouping]
    }
    guard !groups.isEmpty else { return .none }
    var aggregates = (context.strings("summaryAggregates") ?? []).compactMap(Aggregate.init(parsing:))
      .filter { options.aggregates.contains($0) }
    if aggregates.isEmpty, context.strings("summaryAggregates")?.isEmpty ?? true,
      let number = defaultAggregated(state, entity: entity, options: options)
    {
      aggregates = [Aggregate(.sum, number), Aggregate(.avg, number)]
    }
    let request = GroupByRequest(
      entityName: entity.name, qualifier: state.actedOnQualifier, groups: groups, aggregates: aggregates,
      aggregateLabels: aggregates.map { GroupByOptions.label(of: $0, entity: entity, in: session) })
    return .command(
      .open(
        PageRequest(task: .group, entityName: entity.name, crumb: "Groups", detail: request),
        from: state.id))
  }

  /// What `b` adds up when the rules say nothing: the list's first amount (a decimal), else
  /// its first whole number that is not a year.
  static func defaultAggregated(_ state: State, entity: Entity, options: GroupByOptions) -> PropertyPath? {
    let summable = Set(options.aggregates.filter { $0.function == .sum }.map(\.keyPath))
    let shown = state.columns.map { PropertyPath($0.propertyKey) }.filter(summable.contains)
    let attributes = shown.compactMap { path in entity[attribute: path.description].map { (path, $0) } }
    if let amount = attributes.first(where: { if case .decimal = $0.1.valueType { true } else { false } }) {
      return amount.0
    }
    return attributes.first { !$0.1.name.lowercased().hasSuffix("year") }?.0
  }

  /// What `i` and `I` summarise of a column: an attribute itself; a to-one by the related
  /// row (its key, titled); nothing for a to-many.
  static func summaryRequest(_ column: ListColumn, state: State, entity: Entity) -> SummaryRequest? {
    let label = column.presentation.label
    switch column.kind {
    case .toOne(let titlePaths, _, let joins):
      guard let key = joins.first?.source else { return nil }
      return SummaryRequest(
        entityName: entity.name, qualifier: state.actedOnQualifier, label: label, keyPath: PropertyPath.quoted(key),
        titlePaths: titlePaths.map { column.propertyKey + "." + $0 })
    default:
      guard let path = column.sortKeyPath else { return nil }
      return SummaryRequest(entityName: entity.name, qualifier: state.actedOnQualifier, label: label, keyPath: path)
    }
  }
}
