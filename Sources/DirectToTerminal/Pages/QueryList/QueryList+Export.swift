import Access
import Export
import Qualifiers

extension QueryListFeature {
  /// `x`: the export page for what the list shows — its restriction (link, filter,
  /// search), sort and the key paths of its columns; with marks, the marked rows only.
  static func exportRows(_ state: State, in session: Session) -> Effect<Action> {
    var columns: [PropertyPath] = []
    for column in state.columns {
      for path in column.keyPaths where !columns.contains(PropertyPath(path)) {
        columns.append(PropertyPath(path))
      }
    }
    // With marks, only the marked rows of what the list shows.
    let qualifier = state.actedOnQualifier
    let request = ExportRequest(
      entity: state.entityName, qualifier: qualifier, sortOrderings: state.sort,
      columns: columns.isEmpty ? nil : columns, format: .csv)
    return .command(
      .open(
        PageRequest(
          task: .export, entityName: state.entityName,
          crumb: state.crumb + (state.marks.isEmpty ? "" : " (marked)"), detail: ExportSource.entity(request)),
        from: state.id))
  }
}
