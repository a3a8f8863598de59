import Access
import Qualifiers

/// The question Ctrl-S asks on a batch page, from what the database found when it tried the
/// change: the rows, the `UPDATE` with its parameters, and either that it takes it, what it
/// refuses (and in how many rows), or which marked rows someone else changed since.
extension BatchEditFeature {
  /// SQL longer than this is cut in the dialog (a few hundred rows marked one by one).
  static let shownSQLLength = 600

  static func dialog(
    _ batch: BatchChange, _ preview: BatchPreview, entity: Entity, in session: Session
  ) -> DialogRequest<Action> {
    let settings = batch.values.keys.sorted().map { name -> String in
      let attribute = entity[attribute: name]
      let label = attribute.map { session.label(of: $0.name, in: entity) } ?? name
      let value = attribute?.isPassword == true ? "••••" : session.dialect.literal(batch.values[name] ?? .null)
      return label + " = " + value.terminalSafe
    }
    let rows = rowsText(preview.count)
    var message = "Set " + settings.joined(separator: ", ") + " on \(rows) of \(entity.displayName).\n\n"
    message += sqlText(preview.statement, dialect: session.dialect)
    if let problem = preview.problem {
      message += "\n\nThe database refuses it (tried in a transaction that was rolled back): " + problem.message
      if let refused = preview.refusedRows {
        let keys = preview.refusedKeys.map(keyText).joined(separator: ", ")
        message += "\n\(grouped(refused)) of \(rows) would break it" + (keys.isEmpty ? "" : " (the first: \(keys))")
      }
      return DialogRequest(
        title: "Cannot change \(rows)", message: message, buttons: [.init("Back to the form", .cancelled)],
        defaultButton: 0,
        isError: true)
    }
    if !preview.conflicts.isEmpty {
      let shown = preview.conflicts.prefix(5).map { conflictText($0, entity: entity, in: session) }
      let more = preview.conflicts.count > 5 ? "\n… and \(preview.conflicts.count - 5) more" : ""
      let changed = preview.conflicts.count
      message +=
        "\n\n\(rowsText(changed)) changed since you marked \(changed == 1 ? "it" : "them"):\n"
        + shown.joined(
          separator: "\n") + more
      var buttons: [DialogRequest<Action>.Button] = []
      let changedKeys = preview.conflicts.filter { !$0.isDeleted }.map(\.key)
      let remaining = preview.count - changedKeys.count
      if remaining > 0 {
        // Rows deleted since are gone anyway: "the others" are the rows left unchanged.
        let label =
          changedKeys.isEmpty ? "Apply to the \(grouped(remaining)) left" : "Apply to the other \(grouped(remaining))"
        buttons.append(.init(label, .apply(batch, leavingOut: preview.conflicts.map(\.key))))
      }
      if !changedKeys.isEmpty {
        var all = batch
        all.seen = [:]
        buttons.append(.init("Apply to all \(grouped(preview.count))", .apply(all, leavingOut: [])))
      }
      buttons.append(.init("Cancel", .cancelled))
      return DialogRequest(
        title: "Marked rows changed", message: message, buttons: buttons, defaultButton: buttons.count - 1)
    }
    message += "\n\nTried in a transaction that was rolled back: the database takes it. One step for u."
    return DialogRequest(
      title: "Change \(rows)", message: message,
      buttons: [.init("Change \(rows)", .apply(batch, leavingOut: [])), .init("Cancel", .cancelled)], defaultButton: 1)
  }

  static func rowsText(_ count: Int) -> String { "\(grouped(count)) row\(count == 1 ? "" : "s")" }

  /// The statement, cut when long, and its parameters (passwords redacted).
  static func sqlText(_ statement: SQLStatement, dialect: SQLDialect) -> String {
    var sql = statement.loggedSQL.terminalSafe
    if sql.count > shownSQLLength { sql = String(sql.prefix(shownSQLLength)) + " …" }
    let parameters = statement.loggedBindings.enumerated().prefix(6).map { index, value in
      (dialect == .mysql ? "?\(index + 1)" : dialect.placeholder(index)) + " = " + value.terminalSafe
    }
    let more = statement.bindings.count > 6 ? ", … (\(statement.bindings.count) in all)" : ""
    return sql + (parameters.isEmpty ? "" : "\n-- " + parameters.joined(separator: ", ") + more)
  }

  static func keyText(_ key: [String: DatabaseValue]) -> String {
    key.keys.sorted().compactMap { key[$0]?.plainText.terminalSafe }.joined(separator: ", ")
  }

  /// `• 17: Rating was 'G', now 'R'`, or `• 17: deleted`.
  static func conflictText(_ conflict: Conflict, entity: Entity, in session: Session) -> String {
    guard !conflict.isDeleted else { return "• " + keyText(conflict.key) + ": deleted" }
    let fields = conflict.fields.map { field in
      let label = session.label(of: field.attribute, in: entity)
      let secret = entity[attribute: field.attribute]?.isPassword == true
      func shown(_ value: DatabaseValue) -> String { secret ? "••••" : session.dialect.literal(value).terminalSafe }
      return "\(label) was \(shown(field.original)), now \(shown(field.current))"
    }
    return "• " + keyText(conflict.key) + ": " + fields.joined(separator: "; ")
  }
}
