import Access
import TerminalCore
import ArgumentParser
import Foundation

/// `d2t model DATABASE [--json]`: prints the model d2t builds from a database's catalog.
struct ModelCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "model",
    abstract: "Print the entities, attributes and relationships d2t reads from a database."
  )

  @Argument(
    help: "A connection named in config.toml, a postgres:// or mysql:// URL, a libpq keyword string, or a SQLite file.")
  var database: String

  @Flag(help: "Print JSON instead of text.")
  var json = false

  func run() throws {
    let db = try DatabaseTarget.resolving(database).open(readOnly: true)
    defer { db.close() }
    if json {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      let data = try encoder.encode(ModelJSON(db.model))
      print(String(decoding: data, as: UTF8.self).terminalSafeJSON)
    } else if db.model.entities.isEmpty {
      print("\(db.displayName.terminalSafe) has no tables or views")
    } else {
      print(ModelText.render(db.model).terminalSafeLines, terminator: "")
    }
  }
}
