import Access
import Foundation
import Qualifiers
import Widgets

/// Validation, the change a save applies, and what its result does.
extension EditFeature {
  /// Checks every field against the schema; returns the problems as `Label: reason`.
  static func validate(_ state: inout State) -> [String] {
    var problems: [String] = []
    for index in state.fields.indices {
      var field = state.fields[index]
      if let error = field.error {
        problems.append("\(field.label): \(error)")
        continue
      }
      if field.isMembers || (state.isBatch && !field.isDirty) { continue }
      let empty = field.value.isNull || (field.value == .text("") && field.attribute?.isNullable == true)
      if let attribute = field.attribute {
        // A link to the row the list (or line) belongs to: kept as given, filled in at the
        // save when that row is new.
        if field.isReadOnly || field.isPreset { continue }
        let defaulted = state.isNew && (attribute.defaultExpression != nil || attribute.isGenerated)
        if empty && !attribute.isNullable && !field.usesDefault && !defaulted {
          field.error = "required"
        } else if case .text(let length, _) = attribute.valueType, let length,
          let text = field.value.stringValue, text.count > length
        {
          field.error = "at most \(length) characters"
        } else if !attribute.enumValues.isEmpty, let text = field.value.stringValue,
          !attribute.enumValues.contains(text)
        {
          field.error = "one of " + attribute.enumValues.joined(separator: ", ")
        } else if let text = field.value.stringValue, let problem = attribute.setProblem(text) {
          field.error = problem
        }
      } else if let relationship = field.relationship, relationship.isMandatory, field.pending == nil, !field.isPreset,
        field.joinValues.isEmpty ? field.value.isNull : field.joinValues.values.contains(where: \.isNull)
      {
        field.error = "required"
      }
      if let error = field.error { problems.append("\(field.label): \(error)") }
      state.fields[index] = field
    }
    return problems
  }

  /// The change the page describes: only what the user changed, with what they saw; a new
  /// row leaves NOT NULL columns the user emptied to their defaults; `stamp` is the
  /// `updateTimestampPropertyKey` attribute and the time to write into it.
  static func change(for state: State, entity: Entity, stamp: (String, DatabaseValue)? = nil) -> Change {
    var values: [String: DatabaseValue] = [:]
    for field in state.fields where field.isDirty && !field.usesDefault && !field.isReadOnly && !field.isMembers {
      if let attribute = field.attribute {
        if state.isNew && field.value.isNull && !attribute.isNullable { continue }
        values[attribute.name] = field.value
      } else if let relationship = field.relationship {
        for join in relationship.joins {
          values[join.source] = field.joinValues[join.source] ?? (relationship.joins.count == 1 ? field.value : .null)
        }
      }
    }
    if let (name, value) = stamp, !state.fields.contains(where: { $0.attribute?.name == name && $0.isDirty }),
      state.isNew || !values.isEmpty
    {
      values[name] = value
    }
    if let key = state.key {
      return .update(entity: entity.name, key: key, values: values, original: state.seen)
    }
    return .insert(entity: entity.name, values: values)
  }

  /// Ctrl-S: validate, then apply the change off the UI loop; `quitAfter`: quit once it
  /// succeeds (`q` → Save); `isRetry`: the one automatic attempt after a reconnection;
  /// `acceptingWarnings`: the user confirmed storing what the server warned it would change.
  static func save(
    _ state: inout State, quitAfter: Bool = false, isRetry: Bool = false, acceptingWarnings: Bool = false,
    entity: Entity, in session: Session
  ) -> Effect<Action> {
    // One save at a time: `q` → Save while a save runs quits once that one succeeds.
    if case .saving(var running) = state.phase {
      running.quitAfter = running.quitAfter || quitAfter
      state.phase = .saving(running)
      return .none
    }
    if session.readOnly {
      state.message = Session.readOnlyText(session.readOnlyReason) + ": nothing is written"
      return .none
    }
    if state.phase == .deleted {
      state.message = "Not saved — this row was deleted by someone else (Esc leaves; your input stays until then)"
      return .none
    }
    let problems = validate(&state)
    guard problems.isEmpty else {
      if state.phase == .awaitingConnection { state.phase = .editing }
      state.message = "Not saved — " + problems.joined(separator: "; ")
      return .none
    }
    let change = change(for: state, entity: entity, stamp: updateStamp(entity, in: session))
    if let target = state.pendingFor {
      switch change {
      case .insert(_, let values), .update(_, _, let values, _):
        return handOver(&state, values: values, to: target, entity: entity)
      default:
        break
      }
    }
    let hasLines = state.fields.contains {
      $0.inline?.hasChanges == true || !$0.pendingMembers.isEmpty || !$0.removedMembers.isEmpty
    }
    if case .update(_, _, let values, _) = change, values.isEmpty, !hasLines {
      state.phase = .editing
      return quitAfter ? .command(.quit) : .command(.close(state.id))
    }
    state.phase = .saving(
      EditSave(since: session.now, quitAfter: quitAfter, isRetry: isRetry, acceptingWarnings: acceptingWarnings))
    state.message = nil
    for index in state.fields.indices where state.fields[index].inline != nil {
      for line in state.fields[index].inline?.lines.indices ?? 0..<0 {
        state.fields[index].inline?.lines[line].isRefused = false
      }
    }
    return .apply(saveChanges(state, main: change, in: session).changes, acceptingWarnings: acceptingWarnings) {
      .saved(change, $0)
    }
  }

  /// A nested editor's Ctrl-S: its new row goes to the editor that asked for it, unsaved,
  /// and it closes with the chooser it was made from.
  static func handOver(
    _ state: inout State, values: [String: DatabaseValue], to target: PendingTarget, entity: Entity
  ) -> Effect<Action> {
    if state.fields.contains(where: { $0.pending != nil }) {
      state.message = "Not handed over — this new row refers to another new row; choose an existing one here"
      return .none
    }
    state.phase = .editing
    // The title from what the row will hold: what was read, with what was typed; a row with
    // no title of its own (a line: its key is not made yet) by what its fields show.
    var title = RecordTitle.title(of: Row(state.seen.merging(values) { _, typed in typed }), entity: entity)
    if RecordTitle.keyPaths(for: entity) == entity.primaryKey.map(PropertyPath.quoted) {
      let shown = state.fields.filter {
        !$0.isPreset && !$0.isReadOnly && !$0.isMembers && $0.relationship?.destination != target.ownerEntity
      }.compactMap { field -> String? in
        if case .toOne = field.editor { return field.title ?? (field.value.isNull ? nil : field.value.plainText) }
        return field.value.isNull ? nil : field.label + " " + field.value.plainText
      }
      if !shown.isEmpty { title = RecordTitle.shortened(shown.joined(separator: " · "), limit: 60) }
    }
    switch target.slot {
    case .toOne(let chooser):
      let pending = PendingRow(entityName: entity.name, values: values, title: title)
      return Effect.command(.deliver(.pendingRow(propertyKey: target.propertyKey, row: pending), to: target.page))
        .merge(.command(.close(state.id))).merge(.command(.close(chooser)))
    case .line(let index):
      return Effect.command(
        .deliver(
          .pendingLine(propertyKey: target.propertyKey, index: index, values: values, title: title), to: target.page)
      ).merge(.command(.close(state.id)))
    }
  }

  /// The changes a save applies, in one transaction and this order: the new rows made for
  /// to-one fields in nested editors, the row itself (taking their generated keys), its
  /// lines, the join rows of a new row's chosen members, and a new member's join row (taking
  /// the row's); `main` is the row's index among them.
  static func saveChanges(_ state: State, main change: Change, in session: Session) -> SavePlan {
    var plan = SavePlan()
    var links: [String: Change.Link] = [:]
    for field in state.fields {
      guard let pending = field.pending, let relationship = field.relationship else { continue }
      for join in relationship.joins {
        links[join.source] = Change.Link(change: plan.changes.count, attribute: join.destination)
      }
      plan.changes.append(.insert(entity: pending.entityName, values: pending.values))
    }
    // An update that changes nothing of the row itself (only its lines) is left out.
    if case .update(_, _, let values, _) = change, values.isEmpty, links.isEmpty {
      plan.main = nil
    } else {
      plan.main = plan.changes.count
      plan.changes.append(links.isEmpty ? change : .linked(change, links: links))
    }
    for line in lineChanges(state, parent: plan.main) {
      plan.lines.append((line.field, line.line, plan.changes.count))
      plan.changes.append(line.change)
    }
    for joined in memberChanges(state, owner: plan.main, in: session) {
      plan.members.append((joined.field, joined.title, plan.changes.count))
      plan.changes.append(joined.change)
    }
    if state.isNew, let membership = state.membership, let main = plan.main {
      plan.member = plan.changes.count
      plan.changes.append(membership.joinChange(linkingChange: main))
    }
    return plan
  }

  /// What a save applies and where each part's outcome is.
  struct SavePlan {
    var changes: [Change] = []
    /// The row's own change (nil: only its lines change).
    var main: Int?
    /// Each changed line (its field and index) and its change.
    var lines: [(field: Int, line: Int, change: Int)] = []
    /// A new member's join row.
    var member: Int?
    /// The join rows of a new row's chosen members: the field, the member and the change.
    var members: [(field: Int, title: String, change: Int)] = []
  }

  static func saved(
    _ state: inout State, _ change: Change, _ result: Result<[ChangeOutcome], SaveFailure>, entity: Entity,
    in session: Session
  ) -> Effect<Action> {
    guard case .saving(let save) = state.phase else { return .none }
    state.phase = .editing
    switch result {
    case .success(let outcomes):
      let pendings = state.fields.compactMap(\.pending)
      let plan = saveChanges(state, main: change, in: session)
      guard outcomes.count == plan.changes.count else { return .none }
      let outcome = plan.main.map { outcomes[$0] }
      // The row as stored, or as read when only its lines were written.
      let row: Row? = {
        switch outcome {
        case .inserted(let row)?, .updated(let row)?: return row
        default: return state.seen.isEmpty ? nil : Row(state.seen)
        }
      }()
      let title = row.map { RecordTitle.title(of: $0, entity: entity) } ?? entity.displayName
      let stored = save.acceptingWarnings ? " as the server stored it" : ""
      var effect = Effect<Action>.command(.close(state.id))
      // A save of several rows is one step of the journal.
      let group = outcomes.count > 1 ? "\(state.id)@\(session.now)" : nil
      for (pending, inserted) in zip(pendings, outcomes) {
        effect = effect.merge(newRowRecord(pending, outcome: inserted, group: group, in: session))
      }
      if let outcome, let inverse = inverse(of: change, outcome: outcome, seen: state.seen, entity: entity, in: session)
      {
        // A new row is recorded as stored (its key, its defaults, the keys it took from rows
        // made with it), so a redo puts it back as it was.
        var recorded = change
        if case .inserted(let row) = outcome, case .insert(_, let values) = change,
          let record = session.insertRecord(row, entity: entity, given: Set(values.keys), title: title)
        {
          recorded = record.change
        }
        effect = effect.merge(
          .command(
            .recordChange(
              ChangeRecord(
                change: recorded, inverse: inverse, title: title, beforeTitle: state.rowTitle, group: group))))
      }
      for line in plan.lines {
        effect = effect.merge(
          lineRecord(
            state.fields[line.field], line: line.line, outcome: outcomes[line.change], group: group, in: session))
      }
      for joined in plan.members {
        effect = effect.merge(
          joinRecord(
            state.fields[joined.field], member: joined.title, owner: title, change: plan.changes[joined.change],
            outcome: outcomes[joined.change], group: group, in: session))
      }
      if let old = state.key, let row {
        let new = session.primaryKey(of: row, entity: entity)
        if !new.isEmpty && new != old {
          effect = effect.merge(.command(.keyChanged(entityName: entity.name, from: old, to: new)))
        }
      }
      effect = effect.merge(.command(.dataChanged))
      if state.isNew, let row {
        let key = session.primaryKey(of: row, entity: entity)
        // In the key's column order: `(key 7, 1)` for a key (order, line no).
        let keyText = entity.primaryKey.compactMap { key[$0]?.plainText }.joined(separator: ", ")
        var member = ""
        for (index, field) in state.fields.enumerated() where !field.pendingMembers.isEmpty {
          let count = plan.members.filter { $0.field == index }.count
          member += (member.isEmpty ? " with " : " and ") + "\(count) \(field.label.lowercased())"
        }
        if let membership = state.membership, let index = plan.member {
          member = " — one of the \(membership.label.lowercased()) of \(membership.ownerTitle)"
          effect = effect.merge(
            memberRecord(membership, outcome: outcomes[index], title: title, group: group, in: session))
        }
        effect = effect.merge(
          .command(
            .banner(
              .success,
              "Saved new \(entity.displayName) “\(title)” (key \(keyText))\(linesText(state, plan))\(member)\(stored)"))
        )
        if !key.isEmpty {
          effect = effect.merge(
            .command(
              .open(
                PageRequest(task: .inspect, entityName: entity.name, key: key, crumb: title), from: nil)))
        }
      } else {
        effect = effect.merge(
          .command(
            .banner(
              .success,
              "Saved \(entity.displayName) “\(title)”\(linesText(state, plan))\(membersText(state))\(stored)")))
      }
      if save.quitAfter { effect = effect.merge(.command(.quit)) }
      return effect
    case .failure(let failure):
      if case .refused(let error) = failure, error.kind == .connectionLost, error.wasNeverApplied,
        session.dialect != .sqlite, !save.isRetry
      {
        state.phase = .awaitingConnection
        state.message =
          "Not saved yet: the connection to the server was lost before anything was sent; "
          + "your input is kept and saved as soon as the server is back"
        return .none
      }
      if case .refused(let error) = failure, error.kind == .cancelled, error.wasNeverApplied {
        state.message = "Save cancelled — nothing was written; your input is kept (Ctrl-S saves it)"
        return .none
      }
      state.message = session.explain(failure, entity: entity)
      if case .refused(let error) = failure, let index = error.changeIndex,
        let part = failedPart(&state, index: index, plan: saveChanges(state, main: change, in: session), in: session)
      {
        state.message = failedPartMessage(part.name, session.explain(failure, entity: part.entity))
      }
      if case .refused(let error) = failure, error.code == "warning" {
        return .confirm(
          DialogRequest(
            title: "The server would change your values",
            message: error.message + "\nSave anyway stores what the server makes of them; the row then shows it.",
            buttons: [.init("Save anyway", .saveAnyway), .init("Keep editing", nil)],
            defaultButton: 1, isError: true))
      }
      guard case .conflict(let conflict) = failure else { return .none }
      if let dialog = lineConflict(&state, conflict, in: session) { return dialog }
      if conflict.isDeleted {
        return .confirm(
          DialogRequest(
            title: "Conflict", message: "Someone else deleted this row while you edited it.",
            buttons: [.init("Keep editing", nil), .init("Discard", .discard(quitAfter: false))],
            defaultButton: 0, isError: true))
      }
      let lines = conflict.fields.map { field -> String in
        let mine = state.fields.first { $0.propertyKey == field.attribute }.map { $0.value.plainText }
        return "\(field.attribute): yours \(mine ?? field.original.plainText)"
          + " · database \(field.current.plainText)"
      }
      return .confirm(
        DialogRequest(
          title: "Changed by someone else",
          message: (["The row changed since you opened it:"] + lines).joined(separator: "\n"),
          buttons: [
            .init("Overwrite", .overwrite(conflict)),
            .init("Reload", .reloadRow),
            .init("Keep editing", nil),
          ], defaultButton: 2, isError: true))
    }
  }

  /// The journal's record of a line saved with its row: its insert, update or delete, with
  /// what undoes it.
  static func lineRecord(
    _ field: EditField, line index: Int, outcome: ChangeOutcome, group: String?, in session: Session
  ) -> Effect<Action> {
    guard let lines = field.inline, lines.lines.indices.contains(index), let relationship = field.relationship,
      let entity = session.entity(named: relationship.destination)
    else { return .none }
    let line = lines.lines[index]
    let record: ChangeRecord
    switch (line.key, outcome) {
    case (let key?, _) where line.isRemoved:
      record = ChangeRecord(
        change: .delete(entity: entity.name, key: key, original: line.original),
        inverse: .insert(entity: entity.name, values: line.original), title: line.title, group: group)
    case (let key?, .updated(let stored)):
      let after = Dictionary(uniqueKeysWithValues: line.values.keys.map { ($0, stored[$0] ?? .null) })
      let before = Dictionary(uniqueKeysWithValues: line.values.keys.map { ($0, line.original[$0] ?? .null) })
      record = ChangeRecord(
        change: .update(entity: entity.name, key: key, values: line.values, original: line.original),
        inverse: .update(entity: entity.name, key: key, values: before, original: after), title: line.title,
        group: group)
    case (nil, .inserted(let stored)):
      guard
        let inserted = session.insertRecord(
          stored, entity: entity, given: Set(line.values.keys).union(relationship.joins.map(\.destination)),
          title: RecordTitle.title(of: stored, entity: entity), group: group)
      else { return .none }
      record = inserted
    default:
      return .none
    }
    return .command(.recordChange(record))
  }

  /// `; actors: 2 added, 1 taken out` — what a save changed of the row's members.
  static func membersText(_ state: State) -> String {
    state.fields.compactMap { field -> String? in
      let parts = [(field.pendingMembers.count, "added"), (field.removedMembers.count, "taken out")]
        .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
      return parts.isEmpty ? nil : "; \(field.label.lowercased()): " + parts.joined(separator: ", ")
    }.joined()
  }

  /// ` with its lines: 2 new, 1 changed, 1 removed` — what a save wrote of the row's lines.
  static func linesText(_ state: State, _ plan: SavePlan) -> String {
    guard !plan.lines.isEmpty else { return "" }
    var new = 0
    var changed = 0
    var removed = 0
    for line in plan.lines {
      guard let saved = state.fields[line.field].inline?.lines[line.line] else { continue }
      if saved.isRemoved { removed += 1 } else if saved.isNew { new += 1 } else { changed += 1 }
    }
    let parts = [(new, "new"), (changed, "changed"), (removed, "removed")].filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
    return " with its lines: " + parts.joined(separator: ", ")
  }

  /// The journal's record of a row made in a nested editor and inserted with the save.
  static func newRowRecord(
    _ pending: PendingRow, outcome: ChangeOutcome, group: String?, in session: Session
  ) -> Effect<Action> {
    guard case .inserted(let stored) = outcome, let entity = session.entity(named: pending.entityName),
      let record = session.insertRecord(
        stored, entity: entity, given: Set(pending.values.keys), title: RecordTitle.title(of: stored, entity: entity),
        group: group)
    else { return .none }
    return .command(.recordChange(record))
  }

  /// The journal's record of the join row that made a new row a member.
  static func memberRecord(
    _ membership: Membership, outcome: ChangeOutcome, title: String, group: String?, in session: Session
  ) -> Effect<Action> {
    guard case .inserted(let stored) = outcome, let join = session.entity(named: membership.joinEntity),
      let record = session.insertRecord(
        stored, entity: join, given: membership.joinAttributes, title: membership.journalTitle(member: title),
        group: group)
    else { return .none }
    return .command(.recordChange(record))
  }

  /// The journal's record of a join row a save inserted (a member chosen) or deleted (one
  /// taken out): `PENELOPE GUINESS in actors of NEW FILM`.
  static func joinRecord(
    _ field: EditField, member: String, owner: String, change: Change, outcome: ChangeOutcome, group: String?,
    in session: Session
  ) -> Effect<Action> {
    guard let relationship = field.relationship,
      let join = relationship.flattenedThrough.flatMap(session.entity(named:))
    else { return .none }
    let title = member + " in " + field.label.lowercased() + " of " + owner
    switch (change, outcome) {
    case (.delete(let entity, let key, let original), _):
      return .command(
        .recordChange(
          ChangeRecord(
            change: .delete(entity: entity, key: key, original: original),
            inverse: .insert(entity: entity, values: original), title: title, group: group)))
    case (_, .inserted(let stored)):
      let given = Set(
        relationship.joins.map(\.destination) + (memberJoins(relationship, in: session) ?? []).map(\.source))
      guard let record = session.insertRecord(stored, entity: join, given: given, title: title, group: group) else {
        return .none
      }
      return .command(.recordChange(record))
    default:
      return .none
    }
  }

  /// The `updateTimestampPropertyKey` attribute and the time of this save in its type.
  static func updateStamp(_ entity: Entity, in session: Session) -> (String, DatabaseValue)? {
    let name = session.context(task: .edit, entity: entity).string("updateTimestampPropertyKey")
    guard !name.isEmpty, let attribute = entity[attribute: name] else { return nil }
    let now = SQLTimestamp.now(session.date)
    switch attribute.valueType {
    case .date: return (name, .date(now.date))
    case .timestamp: return (name, .timestamp(now))
    case .text: return (name, .text(now.description))
    default: return nil
    }
  }

  /// The change that undoes a saved one.
  static func inverse(
    of change: Change, outcome: ChangeOutcome, seen: [String: DatabaseValue], entity: Entity, in session: Session
  ) -> Change? {
    switch (change, outcome) {
    case (.update(let name, let key, let values, _), .updated(let row)):
      let stored = Dictionary(uniqueKeysWithValues: values.keys.map { ($0, row[$0] ?? .null) })
      let before = Dictionary(uniqueKeysWithValues: values.keys.map { ($0, seen[$0] ?? .null) })
      // The row is found by its key as stored (a change of the key itself is undone too).
      var storedKey = key
      for attribute in entity.primaryKey { if let value = row[attribute] { storedKey[attribute] = value } }
      return .update(entity: name, key: storedKey, values: before, original: stored)
    case (.insert(let name, _), .inserted(let row)):
      let key = session.primaryKey(of: row, entity: entity)
      return key.isEmpty ? nil : .delete(entity: name, key: key, original: row.dictionary)
    default:
      return nil
    }
  }
}
