import Access
import Foundation

/// Imports a CSV or JSON Lines file into an entity's table (issue 24 item 6): columns
/// matched by header (`ImportMapping`), every value parsed by the editor's parser, every
/// problem listed as `FILE:LINE:COLUMN: message` (the first `problemsListed`, the rest
/// counted), and nothing committed unless every row is valid — one transaction, written as
/// the database takes rows fastest (`ImportWriter`). Memory stays flat: a record at a time.
public final class Importer {
  public let database: Database
  public let entity: Entity
  public let request: ImportRequest

  /// `entityName`: an entity name (`Film`) or a table name (`film`).
  public init(database: Database, entityName: String, request: ImportRequest) throws {
    let model = database.model
    guard
      let entity = model[entity: entityName]
        ?? model.entities.first(where: { $0.table == entityName })
        ?? model.entities.first(where: { $0.table.caseInsensitiveCompare(entityName) == .orderedSame })
    else {
      throw ImportProblem(line: nil, column: nil, message: "no entity or table named '\(entityName)'")
    }
    guard !entity.isReadOnly else {
      throw ImportProblem(
        line: nil, column: nil, message: "\(entity.displayName) is read-only (a view): rows cannot be imported")
    }
    self.database = database
    self.entity = entity
    self.request = request
  }

  /// Throws the `ImportProblem` that keeps the file at `path` from being imported (no such
  /// file, no permission, a directory, a device, a pipe): checked before a database is
  /// opened.
  public static func checkFile(_ path: String) throws {
    try ImportFile.open(path).close()
  }

  /// A reader of the file from its start; `isCancelled` is asked before each read.
  func reader(isCancelled: @escaping () -> Bool) throws -> any RecordReader {
    switch request.format {
    case .csv: return try CSVReader(path: request.path, isCancelled: isCancelled)
    case .jsonl: return try JSONLinesReader(path: request.path, isCancelled: isCancelled)
    }
  }

  /// The file's column names (and the line they are on: nil for `--columns`), read from
  /// the reader.
  private func header(_ reader: any RecordReader) throws -> (names: [String], line: Int?, first: ImportRecord?) {
    if let columns = request.columns { return (columns, nil, nil) }
    switch reader {
    case let json as JSONLinesReader:
      let first = try json.next()
      return (json.keys, first?.line, first)
    default:
      guard let header = try reader.next() else {
        throw ImportProblem(line: 1, column: nil, message: "the file is empty: a header line names the columns")
      }
      return (header.values.map { $0 ?? "" }, header.line, nil)
    }
  }

  /// The mapping and the first rows as they are in the file, for a preview; throws
  /// `ImportCancelled` once `isCancelled` says so.
  public func preview(
    rows: Int = 5, isCancelled: @escaping () -> Bool = { false }
  ) throws -> (mapping: ImportMapping, sample: [[String?]], problems: [ImportProblem]) {
    let reader = try reader(isCancelled: isCancelled)
    let (names, line, first) = try header(reader)
    let mapping = ImportMapping(
      names: names, entity: entity, allowedPasswords: request.allowedPasswords, headerLine: line,
      insertTriggers: try database.insertTriggers(of: entity))
    var records: [ImportRecord] = first.map { [$0] } ?? []
    while records.count < rows, let record = try reader.next() { records.append(record) }
    // What is wrong in the first rows, found as the import would.
    var checked = ImportResult(dryRun: true)
    if mapping.problems.isEmpty {
      let parser = parser(mapping, fieldCount: names.count)
      var raw = RawRecord()
      var sink = DiscardingSink()
      for record in records {
        raw.fill(record)
        _ = parser.parse(raw, into: &sink, result: &checked)
      }
    }
    return (mapping, records.map(\.values), checked.problems)
  }

  private func parser(_ mapping: ImportMapping, fieldCount: Int) -> RowParser {
    RowParser(
      mapping: mapping, fieldCount: request.format == .csv ? fieldCount : nil, problemsListed: request.problemsListed)
  }

  /// Reads, checks and (unless `dryRun` or a problem) writes every row; `progress` gets the
  /// rows and bytes read now and then; once `isCancelled` says so, everything is rolled back.
  public func run(
    progress: @escaping (ImportProgress) -> Void = { _ in }, isCancelled: @escaping () -> Bool = { false }
  ) throws -> ImportResult {
    let size = (try? FileManager.default.attributesOfItem(atPath: request.path)[.size] as? Int) ?? nil
    var result = ImportResult(dryRun: request.dryRun)
    let firstReader = try reader(isCancelled: isCancelled)
    let (names, headerLine, first) = try header(firstReader)
    let mapping = ImportMapping(
      names: names, entity: entity, allowedPasswords: request.allowedPasswords, headerLine: headerLine,
      insertTriggers: try database.insertTriggers(of: entity))
    result.mapping = mapping
    guard mapping.problems.isEmpty else {
      result.problems = Array(mapping.problems.prefix(request.problemsListed))
      result.problemCount = mapping.problems.count
      return result
    }
    let parser = parser(mapping, fieldCount: names.count)
    let source = { [result] (reader: any RecordReader, first: ImportRecord?) in
      ImportSource(
        reader: reader, first: first, parser: parser, result: result, size: size, progress: progress,
        isCancelled: isCancelled)
    }
    // The file read again from its start, when a refused row is to be found.
    let reopen = { [self] () throws -> ImportSource in
      let reader = try reader(isCancelled: isCancelled)
      return source(reader, try header(reader).first)
    }
    try database.withChannel { channel in
      let target = try ImportTarget(
        channel: channel, entity: entity, attributes: mapping.written, onConflict: request.onConflict)
      try channel.begin()
      var committed = false
      defer { if !committed { try? channel.rollback() } }
      var source = source(firstReader, first)
      let writer = target.writer(reopen: reopen)
      do {
        let written: Int
        (written, source) = try writer.write(from: source)
        result.written = written
      } catch let error as DatabaseError where error.isRefusal {
        source.add(ImportProblem(line: nil, column: nil, message: "the database refuses: " + error.message))
      }
      try source.drain()
      result.rows = source.result.rows
      result.problems = source.result.problems
      result.problemCount = source.result.problemCount
      guard result.problemCount == 0, !request.dryRun else { return }
      if isCancelled() { throw ImportCancelled() }
      try writer.beforeCommit()
      try channel.commit()
      committed = true
      result.committed = true
    }
    return result
  }

  /// A field's value for a column of `type` (`setMembers`: a MySQL `SET`'s attribute), parsed as the editor parses what is typed (and what
  /// `d2t export` writes: `\x` hex for binary, `{…}` for arrays, `1e+20`).
  static func value(
    _ text: String?, type: ValueType, isNullable: Bool, setMembers: Attribute? = nil
  ) -> Result<DatabaseValue, ValueParser.Failure> {
    guard let text else {
      return isNullable ? .success(.null) : .failure(.init(reason: "must have a value (empty field)"))
    }
    func shown(_ text: String) -> String {
      let cut = text.count > 40 ? String(text.prefix(39)) + "…" : text
      return " ('" + cut.unicodeScalars.map { $0.value < 0x20 ? "?" : String($0) }.joined() + "')"
    }
    switch type {
    case .binary:
      guard text.hasPrefix("\\x"), let bytes = hexBytes(text.dropFirst(2)) else {
        return .failure(.init(reason: "binary as \\x and hex digits" + shown(text)))
      }
      return .success(.blob(bytes))
    case .array(let element) where text.hasPrefix("{"):
      guard let values = PostgresArrayLiteral.parse(text, element: element) else {
        return .failure(.init(reason: "an array as {a,b}" + shown(text)))
      }
      return .success(.array(values))
    default:
      break
    }
    switch ValueParser.parse(text, as: type) {
    case .success(let value):
      if let problem = setMembers?.setProblem(text) { return .failure(.init(reason: problem)) }
      return .success(value)
    case .failure(let failure):
      return .failure(.init(reason: failure.reason + shown(text)))
    }
  }

  static func hexBytes(_ text: Substring) -> [UInt8]? {
    let digits = Array(text.utf8)
    guard digits.count % 2 == 0 else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count / 2)
    var index = 0
    while index < digits.count {
      guard let high = hex(digits[index]), let low = hex(digits[index + 1]) else { return nil }
      bytes.append(high << 4 | low)
      index += 2
    }
    return bytes
  }

  private static func hex(_ digit: UInt8) -> UInt8? {
    switch digit {
    case 0x30...0x39: return digit - 0x30
    case 0x61...0x66: return digit - 0x61 + 10
    case 0x41...0x46: return digit - 0x41 + 10
    default: return nil
    }
  }
}

/// The import was cancelled (Ctrl-C, Esc): everything was rolled back.
public struct ImportCancelled: Error, CustomStringConvertible {
  public var description: String { "cancelled: nothing was imported" }
}
