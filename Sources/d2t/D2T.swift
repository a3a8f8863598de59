import ArgumentParser
import Logging

/// The `d2t` command: opens a database as a keyboard-driven CRUD application.
@main
struct D2T: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "d2t",
    abstract: "Direct to Terminal: any PostgreSQL or SQLite database as a terminal app.",
    subcommands: [ModelCommand.self, SakilaCommand.self, RulesCommand.self]
  )

  /// Logs go to standard error, never standard output, which belongs to the screen and to
  /// the output of commands such as `d2t model --json`.
  static func main() {
    LoggingSystem.bootstrap(StreamLogHandler.standardError)
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch {
      exit(withError: error)
    }
  }
}
