import Access
import ArgumentParser
import Foundation
import Journal

/// `d2t journal DB [--since …] --format sql|jsonl [--undo]`: prints the change journal kept
/// for a database.
struct JournalCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "journal",
    abstract: "Print the changes d2t applied to a database, as SQL or JSON Lines.",
    discussion: """
      DATABASE may name a connection of config.toml ([connections.NAME]). The journal is \
      kept in $XDG_STATE_HOME/d2t/journal/ when enabled; without one (or without the \
      SQLite file) the command says so and exits 1. --format sql prints \
      the statements that would redo the changes, oldest first; with --undo, the statements \
      that would undo them, newest first.
      """
  )

  @Argument(
    help: "A connection named in config.toml, a postgres:// or mysql:// URL, a libpq keyword string, or a SQLite file.")
  var database: String

  @Option(help: "Only changes at or after this time: 2026-11-22 or 2026-11-22T10:00:00Z.")
  var since: String?

  @Option(help: "sql or jsonl.", completion: .list(["sql", "jsonl"]))
  var format: String = "sql"

  @Flag(help: "Print the SQL (or entries) that undo the changes, newest first.")
  var undo = false

  func run() throws {
    guard format == "sql" || format == "jsonl" else {
      throw ValidationError("--format must be sql or jsonl")
    }
    let start = try since.map(Self.date)
    let target = try DatabaseTarget.resolving(database)
    if case .sqlite(let path) = target.argument, !path.hasPrefix("file:"), !FileManager.default.fileExists(atPath: path)
    {
      throw ValidationError("no SQLite file at \(path.terminalSafe)")
    }
    let adaptor = target.adaptor(readOnly: true)
    let store = JournalStore(connectionID: adaptor.connectionID)
    guard FileManager.default.fileExists(atPath: store.url.path) else {
      throw ValidationError(
        "no journal for \(database.terminalSafe) (looked for \(store.url.path.terminalSafe)); d2t keeps one when a "
          + "rule says keepsJournal <= true or the connection has journal = true in config.toml")
    }
    var entries = store.load(since: start)
    if undo { entries = entries.reversed().map(\.inverse) }
    if format == "jsonl" {
      for entry in entries { print(try JournalStore.jsonLine(entry)) }
      return
    }
    let model = try? Database(adaptor: adaptor).model
    let sql = JournalSQL(model: model, dialect: adaptor.dialect)
    for entry in entries { print(sql.statement(entry)) }
  }

  static func date(_ text: String) throws -> Date {
    let full = ISO8601DateFormatter()
    if let date = full.date(from: text) { return date }
    let day = ISO8601DateFormatter()
    day.formatOptions = [.withFullDate]
    if let date = day.date(from: text) { return date }
    throw ValidationError("--since takes a date (2026-11-22) or a time (2026-11-22T10:00:00Z)")
  }
}
