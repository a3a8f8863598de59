import Access
import Config
import Foundation

/// A database as a subcommand names it — a connection of `config.toml` first
/// (`[connections.NAME]`), else a URL, keyword string or file — with the password its
/// `password_command` gives. A server that asks for a password none was given for gets
/// one typed at the terminal, without echo, as `psql` does.
struct DatabaseTarget {
  var argument: DatabaseArgument
  var password: String?

  static func resolving(_ text: String, settings: Settings = .load()) throws -> DatabaseTarget {
    guard let named = settings.config.connection(named: text) else {
      return DatabaseTarget(argument: try DatabaseArgument(text))
    }
    return try DatabaseTarget(named)
  }

  /// A connection of `config.toml`, its `password_command` run.
  init(_ named: D2TConfig.Connection) throws {
    argument = try DatabaseArgument(named.url)
    password = try named.passwordCommand.map { try PasswordCommand.run($0, connection: named.name) }
  }

  init(argument: DatabaseArgument, password: String? = nil) {
    self.argument = argument
    self.password = password
  }

  func adaptor(readOnly: Bool = false, log: SQLLog = SQLLog()) -> any Adaptor {
    argument.adaptor(readOnly: readOnly, log: log, password: password)
  }

  /// Opens the database; on a terminal, asks once for a password the server wants.
  func open(readOnly: Bool = false, log: SQLLog = SQLLog()) throws -> Database {
    do {
      return try argument.open(readOnly: readOnly, log: log, password: password)
    } catch let error as DatabaseError where error.needsPassword && isatty(STDIN_FILENO) == 1 {
      guard let typed = Self.askAtTerminal("Password for \(argument.adaptor().displayName): ") else { throw error }
      return try argument.open(readOnly: readOnly, log: log, password: typed)
    }
  }

  /// Reads a line from the terminal without echo (`getpass(3)`); nil when there is none.
  static func askAtTerminal(_ prompt: String) -> String? {
    guard let line = getpass(prompt) else { return nil }
    let text = String(cString: line)
    return text.isEmpty ? nil : text
  }
}
