import Access
import Widgets

/// One field of an edit page.
struct EditField: Hashable, Sendable {
  enum Editor: Hashable, Sendable {
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
    /// A many-to-many: its count and first members; Enter chooses members to add, `d` to
    /// take out, saved with the row.
    case members(destination: String)
    /// A to-many edited as lines (`inlineRelationshipKeys`), saved with the row.
    case inline(destination: String)
  }

  var propertyKey: String
  var label: String
  var editor: Editor
  var attribute: Attribute?
  var relationship: Relationship?
  /// The value now (for text editors, what `text` parses to once valid); for a to-one,
  /// its first foreign-key value (null when unset).
  var value: DatabaseValue
  /// A to-one's foreign-key values by source attribute (every column of a compound key).
  var joinValues: [String: DatabaseValue] = [:]
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
  /// Someone else changed the value while the user edited it: the database's value now,
  /// until the user takes it (Ctrl-T) or keeps theirs (Ctrl-K).
  var theirs: DatabaseValue?
  /// A line under the field about changes made underneath (shown until the user acts).
  var notice: String?
  /// Left empty on a new row so the database applies its default.
  var usesDefault = false
  /// A new row's link to the row its list belongs to: saved, shown, not editable.
  var isPreset = false
  /// A to-one's new destination row, made in a nested editor, inserted with this save.
  var pending: PendingRow?
  /// A many-to-many's number of members, once counted.
  var memberCount: Int?
  /// The titles of a many-to-many's first members, once read (shown beside the count).
  var memberTitles: [String] = []
  /// Members chosen here, with their titles: their join rows are inserted with the save.
  var pendingMembers: [ChosenMember] = []
  /// Members taken out here, with their join rows: deleted with the save.
  var removedMembers: [RemovedMember] = []
  /// An inline to-many's lines.
  var inline: InlineLines?
  /// An empty text is saved as '' (the `allowsEmptyString` rule); else it counts as missing.
  var allowsEmptyString = false

  /// The notice of a field whose value the database changed while the user edited it;
  /// the page draws the database's value on a line of its own (`theirsLines`).
  static let theirsNotice = "⚠ database now:"

  /// The lines under a field someone else changed while the user edited it: the
  /// database's value (cut with … to `width`, never a password's) and the keys that settle it.
  func theirsLines(width: Int) -> [String] {
    guard let theirs else { return [] }
    var text = "∅"
    if attribute?.isPassword == true {
      text = "••••••"
    } else if !theirs.isNull, let attribute {
      text = "'" + ValueParser.editText(theirs, type: attribute.valueType).terminalSafe + "'"
    }
    let prefix = Self.theirsNotice + " "
    let value = text.truncated(toWidth: max(1, width - prefix.displayWidth))
    return [prefix + value, "  Ctrl-T take · Ctrl-K keep"]
  }

  /// What the user can change of a field, to tell a new row's input from its defaults.
  struct Snapshot: Hashable, Sendable {
    var value: DatabaseValue
    var text: String
    var usesDefault: Bool
  }

  var snapshot: Snapshot { Snapshot(value: value, text: text.text, usesDefault: usesDefault) }

  /// A many-to-many's members or an inline to-many's lines: not a value of the row.
  var isMembers: Bool {
    switch editor {
    case .members, .inline: return true
    default: return false
    }
  }

  var isNullable: Bool {
    if let attribute { return attribute.isNullable }
    return !(relationship?.isMandatory ?? true)
  }

  /// No value: ∅, its text and a to-one's title cleared, not changed by the user (yet).
  mutating func clearValue() {
    value = .null
    joinValues = joinValues.mapValues { _ in .null }
    text = TextFieldState()
    area = TextAreaState()
    title = nil
    error = nil
  }

  /// Typed into (text), rather than chosen or toggled.
  var isTypedInto: Bool {
    switch editor {
    case .text, .largeText: return true
    default: return false
    }
  }

  var isReadOnly: Bool {
    if case .readOnly = editor { return true }
    return false
  }

  var editContext: EditContext {
    EditContext(attribute: attribute, choices: choices, isNullable: isNullable)
  }
}

extension EditField.Editor {
  /// Chosen on a page of its own (Enter).
  var isChosen: Bool {
    switch self {
    case .toOne, .members, .inline: return true
    default: return false
    }
  }
}
