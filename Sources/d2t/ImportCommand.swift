import Access
import ArgumentParser
import Dispatch
import DirectToTerminal
import Foundation
import Import
import Rules
import Synchronization
import TerminalCore

/// `d2t import DB ENTITY FILE [--format csv|jsonl] [--columns …] [--on-conflict fail|skip|update]
/// [--dry-run]`: a file's rows into an entity's table, all or nothing.
struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import a CSV or JSON Lines file into an entity's table, all rows or none.",
    discussion: """
      Columns are matched by header to attribute names, column names or labels, ignoring case. \
      Every value is parsed as the editor parses it (and as d2t export writes it: CSV NULL is an \
      empty field, "" an empty string, binary \\x and hex). Every problem is listed as \
      FILE:LINE:COLUMN: message (the first 20, the rest counted) and nothing is written unless \
      every row is valid: one transaction (PostgreSQL: COPY FROM STDIN into a temporary table; \
      SQLite: one prepared INSERT). --dry-run checks everything, the database's constraints \
      included, and rolls back. Progress (rows, rate, time left) goes to standard error when it \
      is a terminal; Ctrl-C rolls back. Exit status 65 when the file has problems.
      """
  )

  @Argument(
    help: "A connection named in config.toml, a postgres:// or mysql:// URL, a libpq keyword string, or a SQLite file.")
  var database: String

  @Argument(help: "An entity name (Customer) or a table name (customer).")
  var entity: String

  @Argument(help: "The file: CSV, or JSON Lines (.jsonl, .ndjson).", completion: .file())
  var file: String

  @Option(help: "csv or jsonl (default: from the file's extension).", completion: .list(["csv", "jsonl"]))
  var format: String?

  @Option(
    help: "The attributes the file's columns go to, in order, comma-separated; a CSV file then has no header line.")
  var columns: String?

  @Option(
    name: .customLong("on-conflict"), help: "A row whose key is taken: fail (the default), skip it, or update the row.",
    completion: .list(["fail", "skip", "update"]))
  var onConflict = "fail"

  @Flag(name: .customLong("dry-run"), help: "Check every row, the database's constraints included, and write nothing.")
  var dryRun = false

  @Option(
    name: .customLong("rules"),
    help: ArgumentHelp(
      "A rule file (repeatable), with those of the config's rule folders.",
      discussion: "Password-like columns are refused unless a rule says 'allowsPasswordQueries <= true' for them."),
    completion: .file(extensions: ["rules"]))
  var ruleFiles: [String] = []

  func run() throws {
    var request = ImportRequest(path: file, format: ImportRequest.format(ofPath: file))
    if let format {
      guard let chosen = ImportRequest.Format(rawValue: format.lowercased()) else {
        throw ValidationError("--format must be csv or jsonl")
      }
      request.format = chosen
    }
    guard let conflict = ImportRequest.OnConflict(rawValue: onConflict.lowercased()) else {
      throw ValidationError("--on-conflict must be fail, skip or update")
    }
    request.onConflict = conflict
    request.dryRun = dryRun
    request.columns = columns.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
    do {
      try Importer.checkFile(file)
    } catch let problem as ImportProblem {
      throw ValidationError(problem.text(file: file))
    }
    let db = try DatabaseTarget.resolving(database).open()
    defer { db.close() }
    let importer: Importer
    do {
      importer = try Importer(database: db, entityName: entity, request: request)
    } catch let problem as ImportProblem {
      throw ValidationError(problem.message)
    }
    request.allowedPasswords = try Self.allowedPasswords(
      importer.entity, in: db, ruleFiles: Settings.load().ruleFiles(excluding: ruleFiles) + ruleFiles)
    let allowed = try Importer(database: db, entityName: importer.entity.name, request: request)
    let cancelled = Atomic(false)
    let interrupt = Self.onInterrupt { cancelled.store(true, ordering: .relaxed) }
    defer {
      interrupt.cancel()
      signal(SIGINT, SIG_DFL)
    }
    let bar = isatty(STDERR_FILENO) == 1 ? ProgressLine() : nil
    let result: ImportResult
    do {
      result = try allowed.run(
        progress: { progress in bar?.show { _ in progress.line } }, isCancelled: { cancelled.load(ordering: .relaxed) })
    } catch is ImportCancelled {
      bar?.finish(keeping: false)
      StandardError.write("d2t: import cancelled: nothing was written\n")
      throw ExitCode(130)
    } catch let problem as ImportProblem {
      bar?.finish(keeping: false)
      StandardError.write(problem.text(file: file) + "\n")
      throw ExitCode(65)
    }
    bar?.finish(keeping: false)
    guard result.problemCount == 0 else {
      for line in result.problemLines(file: file) { StandardError.write(line + "\n") }
      StandardError.write(
        "d2t: nothing was imported: \(result.problemCount) problem\(result.problemCount == 1 ? "" : "s")\n")
      throw ExitCode(65)
    }
    let name = allowed.entity.displayName
    let left = result.mapping?.columns.filter { $0.attribute == nil }.map(\.name) ?? []
    let rows = "\(result.rows) row\(result.rows == 1 ? "" : "s")"
    var text: String
    switch (result.dryRun, conflict) {
    case (true, _): text = "\(rows) checked for \(name): every one valid (dry run: nothing was written)"
    case (false, .fail): text = "\(rows) imported into \(name)"
    case (false, .skip):
      text =
        "\(result.rows) rows read for \(name): \(result.written) imported, "
        + "\(max(0, result.rows - result.written)) skipped (their keys are taken)"
    case (false, .update):
      text = "\(result.rows) rows read for \(name), imported or updated where their keys are taken"
    }
    if !left.isEmpty { text += "; left out, computed by the database: " + left.joined(separator: ", ") }
    print(text)
  }

  /// Password-like attributes a rule allows (as `d2t export` decides which it writes).
  static func allowedPasswords(_ entity: Entity, in db: Database, ruleFiles: [String]) throws -> Set<String> {
    let policy = try passwordPolicy(ruleFiles: ruleFiles, model: db.model)
    return Set(policy.exportedAttributes(of: entity).filter(\.isPassword).map(\.name))
  }

  /// Ctrl-C sets the flag (the import rolls back) instead of ending the process.
  static func onInterrupt(_ handler: @escaping @Sendable () -> Void) -> any DispatchSourceSignal {
    signal(SIGINT, SIG_IGN)
    let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())
    source.setEventHandler(handler: handler)
    source.resume()
    return source
  }
}
