import ArgumentParser

/// The `d2t` command: opens a database as a keyboard-driven CRUD application.
@main
struct D2T: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "d2t",
    abstract: "Direct to Terminal: any PostgreSQL or SQLite database as a terminal app.",
    subcommands: [ModelCommand.self, RulesCommand.self]
  )
}
