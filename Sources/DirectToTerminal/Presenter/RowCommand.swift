import Access
import Qualifiers
import TerminalCore
import Widgets

/// `e` edit, `n` new, `d` delete (after asking) on the row a list or inspector shows:
/// shared by both pages, embedded as one of their actions.
public enum RowCommand: Equatable, Sendable {
  case edit
  case insert
  case delete
  case dependentsCounted(DeleteRequest, Result<[DeleteDependent], WorkError>)
  case openDependents(DeleteDependent)
  case confirmDelete(DeleteRequest)
  case storedRow(DeleteRequest, Result<FetchResult, WorkError>)
  case deleted(DeleteRequest, Result<[ChangeOutcome], SaveFailure>)

  /// The row to delete, as it was shown.
  public struct DeleteRequest: Hashable, Sendable {
    var entityName: String
    var key: [String: DatabaseValue]
    var original: [String: DatabaseValue]
    var title: String
    /// The row's own title (without the entity's name), for the journal.
    var rowTitle = ""
  }

  /// The keys, shown in the key bar only when rows of the entity can be changed at all (a
  /// view, a keyless table, a read-only session or rule hides them; pressed anyway, they
  /// say why not).
  static func keyMap(entityName: String, in session: Session) -> KeyMap<RowCommand> {
    let shown = session.entity(named: entityName).map { session.editRefusal($0, row: nil) == nil } ?? true
    return KeyMap(
      "Changing rows",
      keys.bindings.map { binding in
        var binding = binding
        binding.shown = binding.shown && shown
        return binding
      })
  }

  /// Every key of the command, shown.
  static let keys = KeyMap<RowCommand>(
    "Changing rows",
    [
      KeyBinding(.char("e"), .edit, "Edit"),
      KeyBinding(.char("n"), .insert, "New", name: "new"),
      KeyBinding(.char("d"), .delete, "Delete"),
      // The Delete key too, not shown beside `d` (one name: rebinding `delete` sets both).
      KeyBinding(KeyEvent(.delete), .delete, "Delete", shown: false),
    ])

  /// The question `d` asks: what depends on the row and what the database does with it;
  /// when rows block the delete, which, with a button to open them instead of Delete.
  static func deleteDialog(
    _ request: DeleteRequest, dependents result: Result<[DeleteDependent], WorkError>
  ) -> DialogRequest<RowCommand> {
    let dependents: [DeleteDependent]
    var note = ""
    switch result {
    case .success(let found): dependents = found
    case .failure(let error):
      dependents = []
      note = "\n(What depends on it could not be counted: \(error.message).)"
    }
    let blockers = dependents.filter(\.blocks)
    if !blockers.isEmpty {
      let lines = blockers.map { "• " + $0.sentence }.joined(separator: "\n")
      return DialogRequest(
        title: "Cannot delete",
        message: "\(request.title) cannot be deleted while these rows refer to it:\n" + lines,
        buttons: blockers.prefix(3).map { .init("Open " + $0.label, .openDependents($0)) } + [.init("Cancel", nil)],
        defaultButton: min(blockers.count, 3), isError: true)
    }
    let lines = dependents.map { "\n• " + $0.sentence }.joined()
    return DialogRequest(
      title: "Delete",
      message: "Delete \(request.title)? This cannot be undone except with u." + lines + note,
      buttons: [.init("Delete", .confirmDelete(request)), .init("Cancel", nil)],
      defaultButton: 1, isError: true)
  }

  /// What the command does on `row` (nil: none is selected) of `entity`, for page `page`;
  /// a new row starts with `newRowValues` (a related list's link).
  func perform(
    on row: Row?, entity: Entity, page: PageID, newRowValues: [String: DatabaseValue] = [:], in session: Session
  ) -> Effect<RowCommand> {
    switch self {
    case .edit:
      guard let row else { return .none }
      if let refusal = session.editRefusal(entity, row: row) { return .command(.banner(.notice, refusal)) }
      let key = session.primaryKey(of: row, entity: entity)
      guard !key.isEmpty else { return .none }
      return .command(
        .open(
          PageRequest(
            task: .edit, entityName: entity.name, key: key,
            crumb: "Edit " + RecordTitle.title(of: row, entity: entity)), from: page))
    case .insert:
      if let refusal = session.editRefusal(entity, row: nil) { return .command(.banner(.notice, refusal)) }
      var request = PageRequest(task: .edit, entityName: entity.name, crumb: "New " + entity.displayName)
      request.newRowValues = newRowValues
      return .command(.open(request, from: page))
    case .delete:
      guard let row else { return .none }
      if let refusal = session.editRefusal(entity, row: row, deleting: true) {
        return .command(.banner(.notice, refusal))
      }
      let key = session.primaryKey(of: row, entity: entity)
      guard !key.isEmpty else { return .none }
      var original: [String: DatabaseValue] = [:]
      for attribute in entity.attributes {
        if let value = row[attribute.name] { original[attribute.name] = value }
      }
      let rowTitle = RecordTitle.title(of: row, entity: entity)
      let request = DeleteRequest(
        entityName: entity.name, key: key, original: original,
        title: entity.displayName + " “" + rowTitle + "”", rowTitle: rowTitle)
      // What points to the row, counted before asking.
      return .run("rows that depend on \(request.title)", of: request) { context in
        try DeleteDependent.count(for: row, of: entity, model: context.database.model, in: context.database)
      } reply: {
        .dependentsCounted(request, $0)
      }
    case .dependentsCounted(let request, let result):
      return .confirm(Self.deleteDialog(request, dependents: result))
    case .openDependents(let dependent):
      var request = PageRequest(
        task: .list, entityName: dependent.destination, baseQualifier: dependent.qualifier, crumb: dependent.label)
      request.newRowValues = dependent.newRowValues
      return .command(.open(request, from: page))
    case .confirmDelete(let request):
      // The whole stored row, so that `u` can insert it again.
      let spec = FetchSpecification(entityName: request.entityName, qualifier: .matching(request.key), limit: 1)
      return .fetch(spec) { .storedRow(request, $0) }
    case .storedRow(var request, let result):
      switch result {
      case .failure(let error):
        return .command(.banner(.error, "Not deleted: " + error.message))
      case .success(let page):
        guard let stored = page.rows.first else {
          return .command(.banner(.notice, "\(request.title) no longer exists"))
        }
        request.original = stored.dictionary
        let change = Change.delete(entity: request.entityName, key: request.key, original: request.original)
        let confirmed = request
        return .apply([change]) { .deleted(confirmed, $0) }
      }
    case .deleted(let request, let result):
      switch result {
      case .success(let outcomes):
        var effect = Effect<RowCommand>.command(.banner(.success, "Deleted \(request.title) — u undoes"))
        if case .deleted? = outcomes.first {
          let inverse = Change.insert(entity: request.entityName, values: request.original)
          effect = effect.merge(
            .command(
              .recordChange(
                ChangeRecord(
                  change: .delete(entity: request.entityName, key: request.key, original: request.original),
                  inverse: inverse, title: request.rowTitle))))
        }
        return effect.merge(.command(.dataChanged))
      case .failure(let failure):
        return .command(.banner(.error, session.explain(failure, entity: entity, deleting: true)))
      }
    }
  }
}
