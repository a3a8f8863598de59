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
    discussion: D2TDocumentation.discussion,
    version: D2TDocumentation.version,
    subcommands: [
      RunCommand.self, ModelCommand.self, SakilaCommand.self, RulesCommand.self, ConfigCommand.self,
      ExportCommand.self, JournalCommand.self, ManualCommand.self,
    ],
    defaultSubcommand: RunCommand.self
  )

  /// Logs go to standard error, never standard output, which belongs to the screen and to
  /// the output of commands such as `d2t model --json`.
  static func main() {
    LoggingSystem.bootstrap(StreamLogHandler.standardError)
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let error as TerminalError {
      FileHandle.standardError.write(Data(("d2t: " + error.description + "\n").utf8))
      Foundation.exit(error.exitStatus)
    } catch {
      // One error prefix for everything d2t says went wrong; help and --version stay as
      // ArgumentParser prints them.
      let code = exitCode(for: error)
      guard code != .success else { exit(withError: error) }
      let message = message(for: error)
      if !message.isEmpty { FileHandle.standardError.write(Data(("d2t: " + message + "\n").utf8)) }
      if error is ValidationError || String(describing: type(of: error)).contains("ParserError") {
        FileHandle.standardError.write(Data(("d2t: see 'd2t --help'\n").utf8))
      }
      Foundation.exit(code.rawValue)
    }
  }
}
