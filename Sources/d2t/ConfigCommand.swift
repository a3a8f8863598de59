import ArgumentParser
import Config
import Foundation
import TerminalCore

/// `d2t config check [FILE]` and `d2t config path`.
struct ConfigCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "config", abstract: "Check the config file or print where it is read.",
    subcommands: [Check.self, Path.self])

  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check",
      abstract:
        "Check config.toml: TOML syntax, settings, connections, key conflicts, and each connection's rule files and theme."
    )

    @Argument(help: "The file (default: $XDG_CONFIG_HOME/d2t/config.toml).")
    var file: String?

    func run() throws {
      let path = file ?? ConfigLoader.defaultPath()
      guard FileManager.default.fileExists(atPath: path) else {
        // The default file may be absent (d2t uses its defaults); a file named on the
        // command line must exist.
        guard file == nil else {
          StandardError.write("\(path): no such file\n".terminalSafeLines)
          throw ExitCode(1)
        }
        print("\(path): no config file (d2t uses its defaults)")
        return
      }
      let (config, diagnostics) = ConfigLoader.load(path: path)
      let problems =
        diagnostics.map(\.description) + ConfigFilesCheck(path: path, config: config).problems()
        + [Settings.exposedPassword(path: path, config: config)].compactMap { $0 }
      for problem in problems { print(problem.terminalSafeLines) }
      guard problems.isEmpty else { throw ExitCode(1) }
      print("\(path): ok (\(config.connections.count) connection(s))")
    }
  }

  struct Path: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "path", abstract: "Print where the config file is read.")

    func run() throws {
      print(ConfigLoader.defaultPath())
    }
  }
}
