import Access

/// An import file's rows, read and checked one at a time for a writer that pulls them
/// (`next(into:)`), with the problems, the progress and the cancelling. After the first row
/// with a problem nothing more is handed out: `drain` reads the rest of the file for its
/// problems only.
final class ImportSource {
  private let reader: any RecordReader
  private let csv: CSVReader?
  private let parser: RowParser
  private var pendingFirst: ImportRecord?
  private var raw = RawRecord()
  private let progress: (ImportProgress) -> Void
  private let isCancelled: () -> Bool
  private let size: Int?
  private let clock = ContinuousClock()
  private let started: ContinuousClock.Instant
  private var stopped = false
  /// The file could not be read on (a quote left open): `drain` reads nothing more.
  private var unreadable = false
  private(set) var result: ImportResult

  /// The line the last row handed out starts on.
  var line: Int { raw.line }

  init(
    reader: any RecordReader, first: ImportRecord?, parser: RowParser, result: ImportResult, size: Int?,
    progress: @escaping (ImportProgress) -> Void, isCancelled: @escaping () -> Bool
  ) {
    self.reader = reader
    csv = reader as? CSVReader
    pendingFirst = first
    self.parser = parser
    self.result = result
    self.size = size
    self.progress = progress
    self.isCancelled = isCancelled
    started = clock.now
  }

  /// The next good row's values into `sink`; false at the end of the file, or at the first
  /// row with a problem (what it put in `sink` is to be dropped). Throws `ImportCancelled`.
  func next<Sink: RowSink>(into sink: inout Sink) throws -> Bool {
    guard !stopped, try read() else { return false }
    if parser.parse(raw, into: &sink, result: &result) { return true }
    stopped = true
    return false
  }

  /// The database refused the last row handed out (or the row on `line`).
  func refused(_ message: String, line: Int? = nil) {
    result.add(
      ImportProblem(line: line ?? raw.line, column: nil, message: "the database refuses this row: " + message),
      listing: parser.problemsListed)
  }

  /// A problem of the whole import (the database refused a statement for no one row).
  func add(_ problem: ImportProblem) { result.add(problem, listing: parser.problemsListed) }

  /// The rest of the file read and checked, for its problems.
  func drain() throws {
    stopped = true
    var sink = DiscardingSink()
    while try read() { _ = parser.parse(raw, into: &sink, result: &result) }
    report()
  }

  /// The next record into `raw`; false at the end (or when the file cannot be read on).
  private func read() throws -> Bool {
    guard !unreadable else { return false }
    do {
      if let record = pendingFirst {
        raw.fill(record)
        pendingFirst = nil
      } else if let csv {
        guard try csv.next(into: &raw) else { return false }
      } else {
        guard let record = try reader.next() else { return false }
        raw.fill(record)
      }
    } catch let problem as ImportProblem {
      result.add(problem, listing: parser.problemsListed)
      unreadable = true
      stopped = true
      return false
    }
    if isCancelled() { throw ImportCancelled() }
    result.rows += 1
    if result.rows % 10_000 == 0 { report() }
    return true
  }

  /// The progress so far.
  func report() {
    progress(ImportProgress(rows: result.rows, bytes: reader.bytesRead, totalBytes: size, elapsed: clock.now - started))
  }
}

/// Values checked and dropped (the rest of a file after a problem).
struct DiscardingSink: RowSink {
  func set(_ position: Int, _ value: DatabaseValue) {}
  func setText(_ position: Int, _ bytes: UnsafeBufferPointer<UInt8>, decimal: Bool) {}
}
