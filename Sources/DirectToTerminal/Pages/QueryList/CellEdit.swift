import Access
import TerminalCore

/// A value being edited in place in a list (issue 24 item 5): the row's key and its values
/// as the list showed them (the conflict check's original), and the field, built and parsed
/// as the edit page builds its own (same component, same validation).
struct CellEdit: Equatable, Sendable {
  var key: [String: DatabaseValue]
  var seen: [String: DatabaseValue]
  /// The one field, in an edit page's state so the edit page's keys and components drive it.
  var edit: EditFeature.State
  /// The list column being edited.
  var column: Int
  var isSaving = false
  /// After a conflict: the database's values, which Enter then saves over.
  var theirs: [String: DatabaseValue]?

  var field: EditField? { edit.fields.first }
}

/// What the cell editor does.
public enum CellEditAction: Equatable, Sendable {
  /// `c`: edit the focused cell.
  case begin
  case key(KeyEvent)
  case paste(String)
  /// Enter (or Tab, `next`): save the value.
  case save(next: Bool)
  case cancel
  case saved(Change, next: Bool, Result<[ChangeOutcome], SaveFailure>)
}
