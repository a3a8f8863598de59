import Access
import Export

/// An export the app runs for a list: what to write, and the file to write it to.
public struct ExportJob: Hashable, Sendable {
  public var request: ExportRequest
  /// The file written; the rows go to `path + ".part"` until the last one is written.
  public var path: String

  public init(request: ExportRequest, path: String) {
    self.request = request
    self.path = path
  }

  /// Where the rows go while the export runs (removed when it is cancelled or fails).
  public var partialPath: String { path + ".part" }
}

/// A finished export: the file and the rows written.
public struct ExportOutcome: Hashable, Sendable {
  public var path: String
  public var rows: Int

  public init(path: String, rows: Int) {
    self.path = path
    self.rows = rows
  }
}
