import Access
import Qualifiers
import Widgets

/// A to-many's rows over time beside its count in the inspector, by rule: `task =
/// 'inspect' and entity.name = 'Customer' and propertyKey = 'rentals' => sparklineDateKey
/// <= 'rentalDate'` shows a customer's rentals per month (`'rentalDate:year'` per year) as
/// `▁▃█▅ 2005-05…2005-08`, counted by the database, months without rows as gaps.
extension InspectFeature {
  static func sparklines(_ state: State, row: Row, in session: Session) -> Effect<Action> {
    guard let entity = session.entity(named: state.entityName) else { return .none }
    return .batch(
      state.rows.compactMap { property -> Effect<Action>? in
        guard case .toMany(let destination, let joins, let path) = property.kind,
          let spec = sparklineSpecification(
            property.propertyKey, destination: destination, qualifier: .related(by: joins, through: path, to: row),
            entity: entity, in: session)
        else { return nil }
        let name = property.propertyKey
        let bucket = spec.buckets.values.first ?? .month
        return .run("sparkline", of: spec, { context in try context.database.frequencies(spec, totals: false) }) {
          .sparkline(name, bucket, $0)
        }
      })
  }

  /// The rows of the to-many grouped by the rule's date bucket, in time order.
  static func sparklineSpecification(
    _ propertyKey: String, destination: String, qualifier: Qualifier, entity: Entity, in session: Session
  ) -> FrequencySpecification? {
    let text = session.context(task: .inspect, entity: entity, propertyKey: propertyKey).string("sparklineDateKey")
    let parts = text.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
    guard let key = parts.first, !key.isEmpty, let target = session.entity(named: destination),
      let attribute = target[attribute: key], attribute.valueType.isDateOrTimestamp
    else { return nil }
    let bucket = parts.count > 1 ? DateBucket(rawValue: parts[1].lowercased()) ?? .month : .month
    var spec = FrequencySpecification(
      entityName: destination, qualifier: qualifier, keyPaths: [PropertyPath(key: key)], byValue: true, limit: 400)
    spec.buckets = [PropertyPath(key: key): bucket]
    return spec
  }

  /// `▁▃ █▅ 2005-05…2005-08`: a cell per bucket from the first to the last, empty ones blank.
  static func sparklineText(_ result: FrequencyResult, bucket: DateBucket) -> String? {
    let counted = result.groups.compactMap { group -> (String, Int)? in
      group.values.first?.stringValue.map { ($0, group.count) }
    }
    guard let first = counted.first?.0, let last = counted.last?.0 else { return nil }
    let counts = Dictionary(counted, uniquingKeysWith: +)
    var labels = [first]
    while let current = labels.last, current < last, labels.count < 400,
      let next = bucket.range(of: current, isDate: bucket != .hour).map({ String($0.end.prefix(first.count)) }),
      next > current
    {
      labels.append(next)
    }
    let text = Sparkline.text(labels.map { counts[$0] ?? 0 })
    return text + " " + (first == last ? first : first + "…" + last)
  }
}
