import ArgumentParser
import Foundation
import DirectToTerminal
import Logging
import TerminalCore

/// The `d2t` command: opens a database as a keyboard-driven CRUD application.
@main
struct D2T: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "d2t",
    abstract: "Direct to Terminal: any PostgreSQL, MySQL, MariaDB or SQLite database as a terminal app.",
    discussion: D2TDocumentation.asksForHelp(CommandLine.arguments) ? D2TDocumentation.discussion : "",
    version: D2TDocumentation.version,
    subcommands: [
      RunCommand.self, ModelCommand.self, SakilaCommand.self, RulesCommand.self, ConfigCommand.self,
      ExportCommand.self, ImportCommand.self, JournalCommand.self, CompletionCommand.self, ManualCommand.self,
      CompleteCommand.self,
    ],
    defaultSubcommand: RunCommand.self
  )

  /// Logs go to a file (`FileLogHandler`), never the terminal, which belongs to the screen and
  /// to the output of commands such as `d2t model --json`.
  static func main() {
    StartupTrace.shared.mark("main")
    EarlyStart.begin()
    LoggingSystem.bootstrap { FileLogHandler(label: $0) }
    if let warning = FileLogHandler.warning(environment: ProcessInfo.processInfo.environment) {
      StandardError.write("d2t: " + warning.terminalSafe + "\n")
    }
    do {
      var command = try parseAsRoot()
      StartupTrace.shared.mark("command line")
      try command.run()
    } catch let error as TerminalError {
      StandardError.write("d2t: " + error.description.terminalSafeLines + "\n")
      Foundation.exit(error.exitStatus)
    } catch {
      // One error prefix for everything d2t says went wrong, help and --version as
      // ArgumentParser prints them; messages can quote names and values from the database,
      // so no control character reaches the terminal.
      let code = exitCode(for: error)
      guard code != .success else { exit(withError: error) }
      let message = message(for: error).terminalSafeLines
      if !message.isEmpty { StandardError.write("d2t: " + message + "\n") }
      Foundation.exit(code.rawValue)
    }
  }
}
