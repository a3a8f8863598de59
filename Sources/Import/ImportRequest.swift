/// What `d2t import` (and `o` in a list) is asked to do.
public struct ImportRequest: Hashable, Sendable {
  public enum Format: String, Hashable, Sendable, CaseIterable {
    case csv, jsonl
  }

  /// What a row whose key is taken already does.
  public enum OnConflict: String, Hashable, Sendable, CaseIterable {
    /// The import fails (nothing is written).
    case fail
    /// The row in the file is left out.
    case skip
    /// The stored row takes the file's values.
    case update
  }

  public var path: String
  public var format: Format
  /// The attributes (or columns, or labels) the file's columns go to, in order: a CSV file
  /// then has no header line; a JSON Lines file's other keys are left out.
  public var columns: [String]?
  public var onConflict = OnConflict.fail
  /// Everything is checked, the database's constraints included, and rolled back.
  public var dryRun = false
  /// Password-like attributes a rule allows to be imported.
  public var allowedPasswords: Set<String> = []
  /// Problems listed at most (the rest are counted).
  public var problemsListed = 20

  public init(path: String, format: Format) {
    self.path = path
    self.format = format
  }

  /// The format a file's extension names (`.jsonl`, `.ndjson`: JSON Lines; else CSV).
  public static func format(ofPath path: String) -> Format {
    let lower = path.lowercased()
    return lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") ? .jsonl : .csv
  }
}
