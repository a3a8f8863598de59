import Access
import Qualifiers

/// The members of a flattened many-to-many as the row they belong to sees them (a film's
/// actors): what adds a member (a join row linking the two), removes one (its join rows,
/// never the member) and makes a new one (the row and its join row, in one transaction).
public struct Membership: Hashable, Sendable {
  /// The join entity (`FilmActor`).
  public var joinEntity: String
  /// The join attributes that point to the owner, with the owner's values (`filmId = 972`).
  public var ownerValues: [String: DatabaseValue]
  /// Join attribute → member attribute (`actorId` ← `id`).
  public var memberJoins: [Relationship.Join]
  /// The owner, for messages (`Film “AMBER ANCHOR”`).
  public var ownerTitle: String
  /// The owner's own title (`AMBER ANCHOR`).
  public var ownerRowTitle: String
  /// The relationship's label (`Actors`).
  public var label: String
  /// Why the owner may not be changed (a rule makes it read-only): its members neither.
  public var ownerRefusal: String?

  /// The membership of `relationship` (flattened, its join table nothing but the pair) of
  /// `row`; nil for any other relationship.
  init?(_ relationship: Relationship, of row: Row, entity: Entity, model: Model) {
    guard let join = relationship.flattenedThrough, let memberJoins = Self.memberJoins(of: relationship, in: model)
    else { return nil }
    var owner: [String: DatabaseValue] = [:]
    for link in relationship.joins {
      guard let value = row[link.source], value != .null else { return nil }
      owner[link.destination] = value
    }
    self.joinEntity = join
    ownerValues = owner
    self.memberJoins = memberJoins
    ownerRowTitle = RecordTitle.title(of: row, entity: entity)
    ownerTitle = entity.displayName + " “" + ownerRowTitle + "”"
    label = relationship.displayName
  }

  /// The join's attributes that point to the member and the member attributes they take
  /// (`actorId` ← `id`) of a flattened many-to-many whose join table is nothing but the
  /// pair; nil for any other relationship.
  static func memberJoins(of relationship: Relationship, in model: Model) -> [Relationship.Join]? {
    guard relationship.isMembershipEditable, let join = relationship.flattenedThrough,
      relationship.throughPath.count == 2, let joinEntity = model[entity: join],
      let toMember = joinEntity[relationship: relationship.throughPath[1]]
    else { return nil }
    return toMember.joins
  }

  /// The journal's title of a membership: `CALLUM ENGSTROM in actors of AMBER ANCHOR`.
  func journalTitle(member: String) -> String {
    member + " in " + label.lowercased() + " of " + ownerRowTitle
  }

  /// The join attributes a membership sets: those pointing to the owner and to the member.
  var joinAttributes: Set<String> { Set(ownerValues.keys).union(memberJoins.map(\.source)) }

  /// The join row's values linking `member`.
  func joinValues(for member: Row) -> [String: DatabaseValue] {
    var values = ownerValues
    for join in memberJoins { values[join.source] = member[join.destination] ?? .null }
    return values
  }

  /// The join rows linking `member`.
  func joinQualifier(for member: Row) -> Qualifier {
    .and(
      joinValues(for: member).sorted { $0.key < $1.key }.map {
        .comparison(PropertyPath($0.key), .equal, $0.value.qualifierValue)
      })
  }

  /// The join row that makes the row inserted by the change at `member` (its index in the
  /// apply) a member, taking its (generated) key.
  func joinChange(linkingChange member: Int) -> Change {
    .linked(
      .insert(entity: joinEntity, values: ownerValues),
      links: Dictionary(
        uniqueKeysWithValues: memberJoins.map { ($0.source, Change.Link(change: member, attribute: $0.destination)) }))
  }
}
