/// The part of ArgumentParser's description of the commands (`--experimental-dump-help`,
/// its `ToolInfoV0` JSON) that completion needs. ArgumentParser keeps its own types for it
/// in a module it does not export, so the few fields used are decoded here.
struct CommandTree: Decodable {
  var commandName: String
  var abstract: String?
  var shouldDisplay: Bool
  var defaultSubcommand: String?
  var subcommands: [CommandTree]?
  var arguments: [Argument]?

  struct Document: Decodable {
    var command: CommandTree
  }

  struct Argument: Decodable {
    enum Kind: String, Decodable {
      case positional, option, flag
    }

    struct Name: Decodable, Hashable {
      enum Kind: String, Decodable {
        case long, short, longWithSingleDash
      }

      var kind: Kind
      var name: String

      /// The name as typed: `--theme`, `-o`.
      var flag: String {
        switch kind {
        case .long: "--" + name
        case .short, .longWithSingleDash: "-" + name
        }
      }
    }

    /// `{"list": {"values": […]}}`, `{"file": {"extensions": […]}}`, `{"directory": {}}`,
    /// `{"custom": {}}`: the one key present says which.
    struct CompletionKind: Decodable {
      struct Values: Decodable { var values: [String] }
      struct Empty: Decodable {}
      var list: Values?
      var file: Empty?
      var directory: Empty?
    }

    var kind: Kind
    var shouldDisplay: Bool
    var isRepeating: Bool
    var names: [Name]?
    var preferredName: Name?
    var valueName: String?
    var abstract: String?
    var allValues: [String]?
    var completionKind: CompletionKind?

    func matches(_ word: String) -> Bool {
      (names ?? []).contains { $0.flag == word }
    }
  }

  func subcommand(named name: String) -> CommandTree? {
    subcommands?.first { $0.commandName == name }
  }

  /// The command run when none is named (`open` under `d2t`).
  var defaultCommand: CommandTree? { defaultSubcommand.flatMap(subcommand(named:)) }
}
