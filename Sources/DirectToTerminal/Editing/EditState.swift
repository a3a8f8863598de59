import Access
import Widgets

/// One field of an edit page.
struct EditField {
  enum Editor {
    /// A one-line text editor (strings, numbers, dates, times, UUIDs, JSON, arrays).
    case text
    /// A multi-line text editor.
    case largeText
    /// Space toggles.
    case toggle
    /// A custom or picker component, by registry name.
    case custom(String)
    /// A to-one relationship: Enter opens the select page.
    case toOne(destination: String)
    /// Shown, never edited (passwords, generated columns, binaries).
    case readOnly(reason: String)
  }

  var propertyKey: String
  var label: String
  var editor: Editor
  var attribute: Attribute?
  var relationship: Relationship?
  /// The value now (for text editors, what `text` parses to once valid).
  var value: DatabaseValue
  /// What the user was shown when the page opened.
  var original: DatabaseValue
  var text: TextFieldState
  var area: TextAreaState
  /// A to-one's title, for display.
  var title: String?
  /// The format hint under a date, time or number field.
  var hint: String?
  var choices: [String]
  var error: String?
  /// The field was changed by the user.
  var isDirty = false
  /// Left empty on a new row so the database applies its default.
  var usesDefault = false
}

/// A confirmation the edit page is waiting for.
enum EditDialog {
  /// Esc or `q` with unsaved changes: Save / Discard / Cancel.
  case unsaved(quitAfter: Bool)
  /// The row changed since it was shown: Overwrite / Reload / Keep editing.
  case conflict(Conflict)
}

/// An edit page: a row's fields, their errors and the save in flight.
struct EditState {
  var entityName: String
  /// The primary key of the row; nil for a new row.
  var key: [String: DatabaseValue]?
  var fields: [EditField]
  var focus = 0
  var message: String?
  var saving: ContinuousClock.Instant?
  var dialog: EditDialog?
  var dialogState = DialogState()
  /// Every attribute value of the row as the user saw it (for conflict checks).
  var seen: [String: DatabaseValue] = [:]
  var loading: ContinuousClock.Instant?

  var isNew: Bool { key == nil }

  var hasChanges: Bool { fields.contains { $0.isDirty } }
}
