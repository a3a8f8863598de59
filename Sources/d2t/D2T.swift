import ArgumentParser
import Foundation
import Logging
import TerminalCore

/// The `d2t` command: opens a database as a keyboard-driven CRUD application.
@main
struct D2T: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "d2t",
    abstract: "Direct to Terminal: any PostgreSQL or SQLite database as a terminal app.",
    subcommands: [
      RunCommand.self, ModelCommand.self, SakilaCommand.self, RulesCommand.self,
    ],
    defaultSubcommand: RunCommand.self
  )

  /// Logs go to a file (`FileLogHandler`), never the terminal, which belongs to the screen and
  /// to the output of commands such as `d2t model --json`.
  static func main() {
    LoggingSystem.bootstrap { FileLogHandler(label: $0) }
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let error as TerminalError {
      FileHandle.standardError.write(Data(("d2t: " + error.description.terminalSafeLines + "\n").utf8))
      Foundation.exit(error.exitStatus)
    } catch {
      let code = exitCode(for: error)
      guard code != .success else { exit(withError: error) }
      // Messages can quote names and values from the database: no control reaches the terminal.
      let message = fullMessage(for: error).terminalSafeLines
      if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
      Foundation.exit(code.rawValue)
    }
  }
}
