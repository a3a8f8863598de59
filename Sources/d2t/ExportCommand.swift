import Access
import ArgumentParser
import Export
import Foundation
import Qualifiers

/// `d2t export DB ENTITY [--filter Q] [--sort K] [--columns …] --format csv|jsonl|sql
/// [-o FILE]`: streams an entity's rows to a file or standard output.
struct ExportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Export an entity's rows as CSV, JSON Lines or SQL INSERT statements.",
    discussion: """
      Rows stream a batch at a time, so memory stays flat for any table. Values are exact: \
      decimals as text, timestamps ISO 8601, binary as \\x and hex. CSV: NULL is an empty \
      field, an empty string is "". JSON Lines: NULL is null. A progress bar (rows, rate, \
      time left) goes to standard error when it is a terminal.
      """
  )

  @Argument(
    help: "A connection named in config.toml, a postgres:// or mysql:// URL, a libpq keyword string, or a SQLite file.")
  var database: String

  @Argument(help: "An entity name (Customer) or a table name (customer).")
  var entity: String

  @Option(help: "A qualifier, as in the app's \\ filter: \"lastName like 'S*' and active = true\".")
  var filter: String?

  @Option(help: "Sort keys: \"lastName desc, firstName\".")
  var sort: String?

  @Option(help: "Property keys to export, comma-separated, key paths included: \"firstName,address.phone\".")
  var columns: String?

  @Option(
    help: "csv, jsonl or sql (default: from the -o file's extension).", completion: .list(["csv", "jsonl", "sql"]))
  var format: String?

  @Option(
    name: [.customShort("o"), .long], help: "Write to this file instead of standard output.", completion: .file())
  var output: String?

  @Flag(help: "Replace the -o file when it exists (without it, d2t refuses).")
  var force = false

  @Option(
    name: .customLong("rules"),
    help: ArgumentHelp(
      "A rule file (repeatable), with those of the config's rule folders.",
      discussion: "Password-like columns are left out and refused in --columns, --filter and --sort "
        + "unless a rule says 'allowsPasswordQueries <= true' for them."),
    completion: .file(extensions: ["rules"]))
  var ruleFiles: [String] = []

  func run() throws {
    let named = format ?? output.flatMap(Self.format(ofPath:))
    guard let named else {
      throw ValidationError("--format csv|jsonl|sql is needed (or an -o file ending .csv, .jsonl or .sql)")
    }
    guard let format = ExportFormat(rawValue: named.lowercased()) else {
      throw ValidationError("--format must be csv, jsonl or sql")
    }
    if let output, !force, FileManager.default.fileExists(atPath: output) {
      throw ValidationError("\(output) exists; --force replaces it")
    }
    var request = ExportRequest(entity: entity, format: format)
    do {
      request.qualifier = try filter.map { try Qualifier(parsing: $0) }
      request.sortOrderings = try sort.map { try SortOrdering.parse($0) } ?? []
    } catch {
      throw ValidationError(String(describing: error))
    }
    request.columns = columns.map { text in
      text.split(separator: ",").map { PropertyPath($0.trimmingCharacters(in: .whitespaces)) }
    }
    let db = try DatabaseTarget.resolving(database).open(readOnly: true)
    defer { db.close() }
    request = try Self.hidingPasswords(
      request, in: db, ruleFiles: Settings.load().ruleFiles(excluding: ruleFiles) + ruleFiles)
    // What names no entity or column, or a filter of the wrong type, is a usage error (64)
    // found before any file is made.
    let exporter: Exporter
    do {
      exporter = try Exporter(database: db, request: request)
      _ = try db.statement(for: exporter.fetchSpecification)
    } catch {
      throw ValidationError(String(describing: error))
    }
    guard let output else {
      try Self.run(exporter, into: .standardOutput)
      return
    }
    // The rows go to OUTPUT.part, renamed once complete: a failed export leaves no file.
    let partial = output + ".part"
    let handle = try Self.create(partial)
    do {
      try Self.run(exporter, into: handle)
      try handle.close()
      if FileManager.default.fileExists(atPath: output) { try FileManager.default.removeItem(atPath: output) }
      try FileManager.default.moveItem(atPath: partial, toPath: output)
    } catch {
      try? handle.close()
      try? FileManager.default.removeItem(atPath: partial)
      throw error
    }
  }

  /// The format a file's extension names: `.csv`, `.jsonl` (or `.ndjson`), `.sql`.
  static func format(ofPath path: String) -> String? {
    switch (path as NSString).pathExtension.lowercased() {
    case "csv": return "csv"
    case "jsonl", "ndjson": return "jsonl"
    case "sql": return "sql"
    default: return nil
    }
  }

  private static func run(_ exporter: Exporter, into handle: FileHandle) throws {
    let total = isatty(STDERR_FILENO) == 1 ? try exporter.count() : nil
    let bar = total.map { _ in ProgressLine() }
    bar?.show { ExportProgress(rowsDone: 0, totalRows: total, elapsed: $0).line }
    try exporter.run(into: OutputBuffer(handle: handle)) { rows in
      bar?.show { ExportProgress(rowsDone: rows, totalRows: total, elapsed: $0).line }
    }
    bar?.finish(keeping: true)
  }

  private static func create(_ path: String) throws -> FileHandle {
    guard FileManager.default.createFile(atPath: path, contents: nil),
      let handle = FileHandle(forWritingAtPath: path)
    else {
      throw ValidationError("cannot write \(path)")
    }
    return handle
  }
}
