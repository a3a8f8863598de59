import Access

/// A save of several rows the database refused: which of them it refused (a new row made
/// for a to-one, a line, a membership), named in the message and marked where it shows.
extension EditFeature {
  /// The refused row's name (`line 3 of Bill Lines “c”`) and entity, for the change at
  /// `index` of the save; nil for the row itself.
  static func failedPart(
    _ state: inout State, index: Int, plan: SavePlan, in session: Session
  ) -> (name: String, entity: Entity)? {
    let pendings = state.fields.enumerated().filter { $0.element.pending != nil }
    if index < pendings.count, let pending = pendings[index].element.pending,
      let entity = session.entity(named: pending.entityName)
    {
      state.focus = pendings[index].offset
      return ("the new \(entity.displayName) “\(pending.title)” for \(pendings[index].element.label)", entity)
    }
    if let line = plan.lines.first(where: { $0.change == index }),
      var inline = state.fields[line.field].inline, inline.lines.indices.contains(line.line),
      let entity = state.fields[line.field].relationship.flatMap({ session.entity(named: $0.destination) })
    {
      inline.selected = line.line
      inline.lines[line.line].isRefused = true
      state.fields[line.field].inline = inline
      state.focus = line.field
      return ("line \(line.line + 1) of \(state.fields[line.field].label) “\(inline.lines[line.line].title)”", entity)
    }
    if let joined = plan.members.first(where: { $0.change == index }),
      let relationship = state.fields[joined.field].relationship,
      let join = relationship.flattenedThrough.flatMap(session.entity(named:))
    {
      state.focus = joined.field
      return ("“\(joined.title)” as one of its \(state.fields[joined.field].label.lowercased())", join)
    }
    if index == plan.member, let membership = state.membership, let join = session.entity(named: membership.joinEntity)
    {
      return ("its link to \(membership.ownerTitle)", join)
    }
    return nil
  }

  /// A line someone else changed or deleted while it was edited here: the dialog names the
  /// line and shows its values (this page's and the database's), Overwrite saves over them.
  static func lineConflict(_ state: inout State, _ conflict: Conflict, in session: Session) -> Effect<Action>? {
    // A member taken out here whom someone else took out already: nothing left to delete.
    for (fieldIndex, field) in state.fields.enumerated() {
      guard field.relationship?.flattenedThrough == conflict.entity,
        let removed = field.removedMembers.firstIndex(where: { $0.key == conflict.key })
      else { continue }
      let title = field.removedMembers[removed].title
      state.fields[fieldIndex].removedMembers.remove(at: removed)
      state.focus = fieldIndex
      state.message =
        "Not saved — “\(title)” was no longer one of its \(field.label.lowercased()): left out; Ctrl-S saves the rest"
      return Effect.none
    }
    for (fieldIndex, field) in state.fields.enumerated() {
      guard let inline = field.inline, let relationship = field.relationship,
        relationship.destination == conflict.entity,
        let lineIndex = inline.lines.firstIndex(where: { $0.key == conflict.key }),
        let destination = session.entity(named: relationship.destination)
      else { continue }
      let line = inline.lines[lineIndex]
      let name = "line \(lineIndex + 1) of \(field.label) “\(line.title)”"
      state.focus = fieldIndex
      state.fields[fieldIndex].inline?.selected = lineIndex
      state.fields[fieldIndex].inline?.lines[lineIndex].isRefused = true
      if conflict.isDeleted {
        state.message = "Not saved — someone else deleted \(name)"
        return .confirm(
          DialogRequest(
            title: "Conflict", message: "Someone else deleted \(name) while you edited it.",
            buttons: [.init("Keep editing", nil), .init("Leave the line out", .dropLine(fieldIndex, lineIndex))],
            defaultButton: 0, isError: true))
      }
      state.message = "Not saved — someone else changed \(name)"
      let lines = conflict.fields.map { changed -> String in
        let label = session.label(of: changed.attribute, in: destination)
        let mine = line.values[changed.attribute] ?? line.original[changed.attribute] ?? changed.original
        return "\(label): yours \(mine.plainText) · database \(changed.current.plainText)"
      }
      return .confirm(
        DialogRequest(
          title: "Changed by someone else",
          message: (["\(name.prefix(1).uppercased() + name.dropFirst()) changed since you opened it:"] + lines)
            .joined(separator: "\n"),
          buttons: [.init("Overwrite", .overwriteLine(fieldIndex, lineIndex, conflict)), .init("Keep editing", nil)],
          defaultButton: 1, isError: true))
    }
    return nil
  }

  /// `Not saved — line 3 of Bill Lines “c”: a check constraint refused the values (…)`.
  static func failedPartMessage(_ name: String, _ explanation: String) -> String {
    let reason = explanation.hasPrefix("Not saved: ") ? String(explanation.dropFirst("Not saved: ".count)) : explanation
    return "Not saved — \(name): \(reason)"
  }
}
