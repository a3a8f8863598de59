import Access
import Qualifiers

/// The delete of a list's marked rows (issue 24 item 3), planned before it is asked: the
/// rows themselves, what the database would delete with them (`ON DELETE CASCADE`, read to
/// any depth), the rows it would clear (`SET NULL`), and what would refuse it
/// (`RESTRICT`/`NO ACTION`). Applied as explicit changes — cleared links, then the deepest
/// cascaded rows first, then the marked rows — in one transaction, each row checked for
/// changes since it was read; recorded as one journal step whose undo inserts every row
/// again and links the cleared rows back.
public struct BatchDelete: Hashable, Sendable {
  /// Rows deleted or cleared at most, cascades included: `u` must be able to bring them back.
  public static let rowLimit = 50_000

  public var entityName: String
  /// How many marked rows.
  public var count: Int
  /// Per relationship: the rows pointing to the deleted rows and what happens to them.
  public var dependents: [DeleteDependent]
  /// The changes, in the order they are applied (and undone in reverse).
  public var changes: [Change]
  /// A title per change, for the journal.
  public var titles: [String]

  /// Rows that refuse the delete.
  public var blockers: [DeleteDependent] { dependents.filter(\.blocks) }

  /// Reads the marked rows and everything the delete would touch; throws when that is more
  /// than `rowLimit` rows.
  static func plan(
    _ qualifier: Qualifier, of entity: Entity, model: Model, in database: Database
  ) throws -> BatchDelete {
    let marked = try database.fetch(
      FetchSpecification(entityName: entity.name, qualifier: qualifier, limit: rowLimit + 1)
    ).rows
    guard marked.count <= rowLimit else { throw FetchError(tooMany) }
    var planner = Planner(model: model, database: database)
    var level = [(entity, marked)]
    var levels: [[(Entity, [Row])]] = []
    var dependents: [String: DeleteDependent] = [:]
    var order: [String] = []
    var visited = Set(marked.map { RowIdentity(entity: entity.name, key: entity.key(of: $0)) })
    while !level.isEmpty {
      levels.append(level)
      var next: [(Entity, [Row])] = []
      for (parent, rows) in level {
        for found in try planner.dependents(of: rows, in: parent) {
          let name = found.entity.name + "." + found.dependent.label
          if dependents[name] == nil { order.append(name) }
          dependents[name, default: found.dependent.with(count: 0)].count += found.rows.count
          if found.dependent.rule == .cascade {
            // A row reached twice (a cycle of cascades) is deleted once.
            let new = found.rows.filter {
              visited.insert(RowIdentity(entity: found.entity.name, key: found.entity.key(of: $0)))
                .inserted
            }
            if !new.isEmpty { next.append((found.entity, new)) }
          }
          if found.dependent.rule == .setNull { planner.clear(found.rows, of: found.entity, by: found.joins) }
        }
      }
      level = next
      guard planner.total + levels.joined().map(\.1.count).reduce(0, +) <= rowLimit else { throw FetchError(tooMany) }
    }
    var deletes: [Change] = []
    var deleteTitles: [String] = []
    for level in levels.reversed() {
      for (entity, rows) in level {
        for row in rows {
          let key = entity.key(of: row)
          guard !key.isEmpty else { continue }
          deletes.append(.delete(entity: entity.name, key: key, original: row.dictionary))
          deleteTitles.append(entity.displayName + " “" + RecordTitle.title(of: row, entity: entity) + "”")
        }
      }
    }
    // A row deleted anyway is not cleared first (its delete expects it as read).
    var changes: [Change] = []
    var titles: [String] = []
    for (change, title) in zip(planner.cleared, planner.clearedTitles) {
      guard case .update(let name, let key, _, _) = change, !visited.contains(RowIdentity(entity: name, key: key))
      else { continue }
      changes.append(change)
      titles.append(title)
    }
    changes += deletes
    titles += deleteTitles
    return BatchDelete(
      entityName: entity.name, count: marked.count, dependents: order.compactMap { dependents[$0] },
      changes: changes, titles: titles)
  }

  static let tooMany =
    "more than \(rowLimit) rows would be deleted or cleared at once (cascades included): "
    + "u could not bring them back — narrow the marks, or use the SQL console"

  struct RowIdentity: Hashable {
    var entity: String
    var key: [String: DatabaseValue]
  }

  /// Reads dependents and collects the rows `SET NULL` would clear.
  struct Planner {
    let model: Model
    let database: Database
    var cleared: [Change] = []
    var clearedTitles: [String] = []
    var seenCleared = Set<RowIdentity>()
    var total: Int { cleared.count }

    struct Found {
      var dependent: DeleteDependent
      var entity: Entity
      var rows: [Row]
      var joins: [Relationship.Join]
    }

    /// The rows of each relationship that points to `rows` (a few hundred parents a query).
    mutating func dependents(of rows: [Row], in entity: Entity) throws -> [Found] {
      var found: [Found] = []
      for relationship in entity.relationships where relationship.isInverse && relationship.flattenedThrough == nil {
        guard let destination = model[entity: relationship.destination] else { continue }
        var children: [Row] = []
        var start = 0
        while start < rows.count {
          let chunk = rows[start..<min(rows.count, start + 400)].filter { row in
            relationship.joins.allSatisfy { (row[$0.source] ?? .null) != .null }
          }
          start += 400
          guard !chunk.isEmpty else { continue }
          let qualifier = Qualifier.or(chunk.map { Qualifier.related(by: relationship.joins, to: $0) })
          children += try database.fetch(
            FetchSpecification(entityName: destination.name, qualifier: qualifier, limit: BatchDelete.rowLimit + 1)
          ).rows
          guard children.count <= BatchDelete.rowLimit else { throw FetchError(BatchDelete.tooMany) }
        }
        guard !children.isEmpty else { continue }
        let dependent = DeleteDependent(
          label: relationship.displayName, destination: destination.name, count: children.count,
          rule: relationship.isInferred ? nil : relationship.onDelete,
          qualifier: .or(children.prefix(1_000).map { .matching(destination.key(of: $0)) }),
          clearsRequiredColumn: DeleteDependent.clearsRequired(relationship, in: model))
        found.append(Found(dependent: dependent, entity: destination, rows: children, joins: relationship.joins))
      }
      return found
    }

    /// `SET NULL` rows: their links cleared first (and put back by the undo).
    mutating func clear(_ rows: [Row], of entity: Entity, by joins: [Relationship.Join]) {
      for row in rows {
        let key = entity.key(of: row)
        guard !key.isEmpty, seenCleared.insert(RowIdentity(entity: entity.name, key: key)).inserted else { continue }
        var values: [String: DatabaseValue] = [:]
        var original: [String: DatabaseValue] = [:]
        for join in joins {
          values[join.destination] = .null
          original[join.destination] = row[join.destination] ?? .null
        }
        cleared.append(.update(entity: entity.name, key: key, values: values, original: original))
        clearedTitles.append(entity.displayName + " “" + RecordTitle.title(of: row, entity: entity) + "”")
      }
    }
  }
}

extension DeleteDependent {
  func with(count: Int) -> DeleteDependent {
    var copy = self
    copy.count = count
    return copy
  }
}
