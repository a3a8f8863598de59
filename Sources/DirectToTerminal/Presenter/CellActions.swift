import Access

/// What `v`, `y`, `Y`, `=` and `!` do with a focused value, the same for the lists, the
/// inspector and the SQL console's grid: the viewer request, the clipboard commands, and
/// which values `=`/`!` cannot compare.
enum CellActions {
  /// `v`: the viewer page for `value`, titled `crumb`.
  static func view(_ value: DatabaseValue, entityName: String?, crumb: String, from page: PageID) -> AppCommand {
    .open(
      PageRequest(task: .view, entityName: entityName, crumb: crumb, detail: ViewerRequest(value: value)), from: page)
  }

  /// `y`: one value to the clipboard, the banner quoting it. A NULL has no text: the
  /// clipboard is left as it was and the banner says `NULL — nothing copied`.
  static func copy(_ value: DatabaseValue) -> AppCommand {
    guard !value.isNull else { return .banner(.notice, nullNotCopied) }
    let content = CopyText.value(value)
    return .copy(content, what: CopyText.describe(content, isNull: false))
  }

  static let nullNotCopied = "NULL — nothing copied"

  /// `Y`: labelled values as one row, in the `copyRowFormat` rule's format (`tsv`, `json`).
  static func copyRow(_ fields: [(label: String, value: DatabaseValue)], format: String) -> AppCommand {
    .copy(CopyText.row(fields, format: format), what: "the row (\(fields.count) values)")
  }

  /// What makes values of a type unfit for `=`/`!` (arrays, binary data, PostgreSQL `json`,
  /// which has no equality), or nil. `declaredType` is the database's own type name.
  static func uncomparable(_ valueType: ValueType?, declaredType: String) -> String? {
    switch valueType {
    case .array?: return "arrays"
    case .binary?: return "binary data"
    case .json? where declaredType.lowercased() == "json": return "json (not jsonb)"
    case .other(let name)?: return "values of type \(name)"
    default: return nil
    }
  }
}
