import ArgumentParser
import Foundation
import Rules

/// `d2t completion bash|zsh|fish`: the shell's completion script, to install as
/// `scripts/install` and the packages do, or to `source <(d2t completion bash)`.
struct CompletionCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "completion",
    abstract: "Print the completion script for bash, zsh or fish.",
    discussion: """
      Installed packages put them where each shell looks. By hand: \
      `source <(d2t completion bash)`, `d2t completion zsh > ~/.zfunc/_d2t` (a folder on \
      fpath), `d2t completion fish > ~/.config/fish/completions/d2t.fish`.
      """)

  @Argument(help: "bash, zsh or fish.", completion: .list(CompletionScripts.Shell.allCases.map(\.rawValue)))
  var shell: String

  func run() throws {
    guard let shell = CompletionScripts.Shell(rawValue: shell) else {
      throw ValidationError("no completion for “\(shell)”: bash, zsh or fish")
    }
    print(CompletionScripts.script(for: shell), terminator: "")
  }
}

/// `d2t __complete -- WORD…`: what the completion scripts call; prints `CompletionEngine`'s
/// answer for a command line.
struct CompleteCommand: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "__complete", shouldDisplay: false)

  @Argument(parsing: .captureForPassthrough)
  var words: [String] = []

  func run() throws {
    let words = words.first == "--" ? Array(words.dropFirst()) : words
    guard let root = Self.toolInfo() else { return }
    let sources: [String: CompletionEngine.Source] = [
      "database": .init(values: Completions.connections, description: "connection", files: true),
      "database-argument": .init(values: Completions.connections, description: "connection", files: true),
      "theme": .init(values: Completions.themes, description: "theme", files: true),
      "key": .init(values: { RuleKeyRegistry.d2t.all.map(\.name) }, description: "rule key"),
    ]
    let answer = CompletionEngine(root: root, sources: sources).complete(words.isEmpty ? [""] : words)
    print(answer.lines.joined(separator: "\n"))
  }

  /// The command tree as ArgumentParser describes it for `--experimental-dump-help`.
  static func toolInfo() -> CommandTree? {
    do {
      _ = try D2T.parseAsRoot(["--experimental-dump-help"])
      return nil
    } catch {
      let json = D2T.fullMessage(for: error)
      return try? JSONDecoder().decode(CommandTree.Document.self, from: Data(json.utf8)).command
    }
  }
}
