/// What a page is for: the D2W task (`query`, `list`, `inspect`, `edit`, `select`, `login`,
/// `error`) or a custom one a rule names. Rules compare it as text (`task = 'list'`).
public struct PageTask: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  public var rawValue: String

  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ name: String) { rawValue = name }
  public init(stringLiteral value: String) { rawValue = value }

  public var description: String { rawValue }

  /// The entity list.
  public static let query = PageTask("query")
  /// The rows of one entity.
  public static let list = PageTask("list")
  /// One row, read-only.
  public static let inspect = PageTask("inspect")
  /// One row, or a new one, in an editor.
  public static let edit = PageTask("edit")
  /// Rows of an entity to choose one from (a to-one editor's chooser).
  public static let select = PageTask("select")
  /// The login page.
  public static let login = PageTask("login")
  /// One value in full (`v`).
  public static let view = PageTask("view")
  /// The session's changes, newest first.
  public static let journal = PageTask("journal")
  /// The SQL console (`:`).
  public static let console = PageTask("console")
  /// A list's rows written to a file (`x`).
  public static let export = PageTask("export")
  /// The assistant (`A`): reshapes what had focus by writing rules.
  public static let assistant = PageTask("assistant")
  /// A column's values over a list's rows, counted (`F`).
  public static let frequency = PageTask("frequency")
  /// A column's summary over a list's rows (`i`).
  public static let summary = PageTask("summary")
  /// Every column of a list summarised (`I`).
  public static let summaries = PageTask("summaries")
  /// A list's rows grouped, counted and added up (`b`).
  public static let group = PageTask("group")
  /// A count or an aggregate drawn as bars or columns (`c`).
  public static let chart = PageTask("chart")
  /// A file's rows into a list's table (`o`).
  public static let importRows = PageTask("import")
  /// The marked rows of a list changed together (`e` with marks).
  public static let batchEdit = PageTask("batchEdit")
  /// A page saying what could not be shown.
  public static let error = PageTask("error")
}

/// The identity of one page on the navigation stack; results of database work carry it, so
/// a result for a page that has gone is dropped.
public struct PageID: Hashable, Sendable, Comparable, CustomStringConvertible {
  public let rawValue: Int

  public init(_ rawValue: Int) { self.rawValue = rawValue }

  public static func < (a: PageID, b: PageID) -> Bool { a.rawValue < b.rawValue }
  public var description: String { "#\(rawValue)" }
}
