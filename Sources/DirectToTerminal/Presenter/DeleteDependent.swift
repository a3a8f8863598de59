import Access
import Qualifiers

/// What depends on a row about to be deleted: per relationship that points to it, how many
/// rows, and what the database does with them (`ON DELETE CASCADE`: deleted too;
/// `RESTRICT`/`NO ACTION`: the delete is refused; `SET NULL`/`SET DEFAULT`: cleared), as
/// `d` lists them before it asks.
public struct DeleteDependent: Hashable, Sendable {
  /// The relationship's label (`Rentals`).
  public var label: String
  public var destination: String
  public var count: Int
  /// The database's rule; nil when no key is declared (an inferred relationship): the
  /// database does nothing with the rows.
  public var rule: ReferentialAction?
  /// The rows, from the deleted row's side.
  public var qualifier: Qualifier
  /// What a row made in their list takes to point to the deleted row (its foreign key).
  public var newRowValues: [String: DatabaseValue] = [:]
  /// `ON DELETE SET NULL` on a key column that must have a value (NOT NULL): the database
  /// refuses to clear it, so it refuses the delete.
  public var clearsRequiredColumn = false

  /// Whether these rows make the database refuse the delete.
  public var blocks: Bool {
    count > 0 && (rule == .restrict || rule == .noAction || (rule == .setNull && clearsRequiredColumn))
  }

  /// `3 rentals refer to it (ON DELETE RESTRICT)`, and the like.
  public var sentence: String {
    let rows = "\(count) \(count == 1 ? "row" : "rows") of \(label)"
    let refer = count == 1 ? "refers" : "refer"
    let them = count == 1 ? "it" : "them"
    if rule == .setNull && clearsRequiredColumn {
      return "\(rows) \(refer) to it and cannot point to nothing (ON DELETE SET NULL on a NOT NULL column)"
    }
    switch rule {
    case .cascade?: return "\(rows) will be deleted with it (ON DELETE CASCADE); u does not bring \(them) back"
    case .restrict?: return "\(rows) \(refer) to it (ON DELETE RESTRICT)"
    case .noAction?: return "\(rows) \(refer) to it (ON DELETE NO ACTION)"
    case .setNull?: return "\(rows) will point to nothing (ON DELETE SET NULL); u does not link \(them) again"
    case .setDefault?: return "\(rows) will take their default (ON DELETE SET DEFAULT); u does not link \(them) again"
    case nil:
      return
        "\(rows) \(count == 1 ? "names" : "name") it without a declared key: \(count == 1 ? "it stays" : "they stay"), pointing to nothing"
    }
  }

  /// The sentence for a batch delete (`BatchDelete`), whose undo brings cascaded rows back
  /// and links cleared rows again.
  public var batchSentence: String {
    let rows = "\(count) \(count == 1 ? "row" : "rows") of \(label)"
    if blocks { return sentence.replacingOccurrences(of: " to it", with: " to them") }
    switch rule {
    case .cascade?: return "\(rows) will be deleted with them (ON DELETE CASCADE); u brings them back too"
    case .setNull?: return "\(rows) will point to nothing (ON DELETE SET NULL); u links them again"
    default: return sentence.replacingOccurrences(of: " to it", with: " to them")
    }
  }

  /// Whether `ON DELETE SET NULL` would clear a column of the destination that must have a
  /// value.
  static func clearsRequired(_ relationship: Relationship, in model: Model) -> Bool {
    guard relationship.onDelete == .setNull, let destination = model[entity: relationship.destination] else {
      return false
    }
    return relationship.joins.contains { destination[attribute: $0.destination]?.isNullable == false }
  }

  /// Counts, on `database`, the rows of each relationship pointing to `row` of `entity`
  /// (flattened many-to-manys are left out: their join rows are counted as such).
  static func count(
    for row: Row, of entity: Entity, model: Model, in database: Database
  ) throws -> [DeleteDependent] {
    var dependents: [DeleteDependent] = []
    for relationship in entity.relationships where relationship.isInverse && relationship.flattenedThrough == nil {
      // A row whose key is NULL has nothing pointing to it (`= NULL` is no match).
      guard model[entity: relationship.destination] != nil,
        relationship.joins.allSatisfy({ (row[$0.source] ?? .null) != .null })
      else { continue }
      let qualifier = Qualifier.related(by: relationship.joins, to: row)
      let count = try database.count(FetchSpecification(entityName: relationship.destination, qualifier: qualifier))
      guard count > 0 else { continue }
      dependents.append(
        DeleteDependent(
          label: relationship.displayName, destination: relationship.destination, count: count,
          rule: relationship.isInferred ? nil : relationship.onDelete, qualifier: qualifier,
          newRowValues: relationship.joins.destinationValues { row[$0] },
          clearsRequiredColumn: clearsRequired(relationship, in: model)))
    }
    return dependents
  }
}
