import Access
import Qualifiers

/// What an entity's rows can be grouped by and what can be added up, as the group-by page
/// offers them: attributes (dates by year, month, day or hour), to-ones (by the related
/// row, shown by its title), and sums, averages, minimums and maximums of numbers and dates.
/// Password-like, binary, JSON and array columns are left out.
struct GroupByOptions {
  var groupings: [GroupColumn] = []
  var aggregates: [Aggregate] = []
  /// The property each grouping groups by (`rating`, `language`, `rentalDate`), in order.
  private var properties: [String] = []

  init(_ entity: Entity, in session: Session) {
    for attribute in entity.attributes where Self.isGroupable(attribute, of: entity, in: session) {
      let label = session.label(of: attribute.name, in: entity)
      let path = PropertyPath.quoted(attribute.name)
      switch attribute.valueType {
      case .date, .timestamp:
        let isDate = attribute.valueType == .date
        for bucket in DateBucket.allCases where !(isDate && bucket == .hour) {
          groupings.append(GroupColumn(label: label, keyPaths: [path], bucket: bucket, isDate: isDate))
          properties.append(attribute.name)
        }
        aggregates += [Aggregate(.min, PropertyPath(path)), Aggregate(.max, PropertyPath(path))]
      case .integer, .decimal, .double:
        if !entity.primaryKey.contains(attribute.name) && !Self.isForeignKey(attribute, of: entity) {
          aggregates += Aggregate.Function.allCases.map { Aggregate($0, PropertyPath(path)) }
        }
        groupings.append(GroupColumn(label: label, keyPaths: [path]))
        properties.append(attribute.name)
      default:
        groupings.append(GroupColumn(label: label, keyPaths: [path]))
        properties.append(attribute.name)
      }
    }
    for relationship in entity.relationships where !relationship.isToMany {
      guard let destination = session.entity(named: relationship.destination), !session.isHidden(destination) else {
        continue
      }
      let name = PropertyPath.quoted(relationship.name)
      groupings.append(
        GroupColumn(
          label: session.label(of: relationship.name, in: entity),
          keyPaths: relationship.joins.map { PropertyPath.quoted($0.source) },
          titlePaths: RecordTitle.keyPaths(for: destination).map { name + "." + $0 }))
      properties.append(relationship.name)
    }
  }

  /// The grouping a rule or a list column names: `rating`, `language` (a to-one),
  /// `rentalDate:month` (a date by month; a date alone goes by `bucket`).
  func grouping(named text: String, bucket fallback: DateBucket = .month) -> GroupColumn? {
    let parts = text.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
    guard let name = parts.first else { return nil }
    let bucket = parts.count > 1 ? DateBucket(rawValue: parts[1].lowercased()) : nil
    if parts.count > 1 && bucket == nil { return nil }
    let found = properties.indices.filter { properties[$0] == name }.map { groupings[$0] }
    return found.first { $0.bucket == (bucket ?? fallback) } ?? found.first { $0.bucket == nil }
  }

  /// `Sum of Amount`, `Latest Rental Date`.
  static func label(of aggregate: Aggregate, entity: Entity, in session: Session) -> String {
    let property = session.label(of: aggregate.keyPath.description, in: entity)
    let isDate =
      QueryListFeature.attribute(at: aggregate.keyPath.description, from: entity, session: session)
      .map(\.valueType.isDateOrTimestamp) ?? false
    switch aggregate.function {
    case .sum: return "Sum of " + property
    case .avg: return "Average " + property
    case .min: return (isDate ? "First " : "Least ") + property
    case .max: return (isDate ? "Last " : "Greatest ") + property
    }
  }

  private static func isGroupable(_ attribute: Attribute, of entity: Entity, in session: Session) -> Bool {
    if attribute.isPassword && !session.allowsPasswordQueries(attribute, of: entity) { return false }
    if isForeignKey(attribute, of: entity) { return false }
    return CellActions.uncomparable(attribute.valueType, declaredType: attribute.declaredType) == nil
  }

  private static func isForeignKey(_ attribute: Attribute, of entity: Entity) -> Bool {
    entity.relationships.contains { !$0.isToMany && $0.joins.contains { $0.source == attribute.name } }
  }
}
