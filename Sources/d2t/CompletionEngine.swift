/// What the shell should offer for the word being typed on a `d2t` command line, worked out
/// from the command definitions (ArgumentParser's tool info) rather than from a script per
/// shell: each shell's script (`CompletionScripts`) only asks `d2t __complete` and shows the
/// answer, so the top-level command offers the default command's options and connection
/// names, and every shell completes paths anywhere with its own file completion.
struct CompletionEngine {
  /// One answer: the words to offer (with a description where one helps) and whether the
  /// shell should add file names too.
  struct Answer: Equatable {
    var candidates: [Candidate] = []
    var files = false

    /// The protocol `__complete` prints: a first line `files` or `nofiles`, then one
    /// candidate per line, `word<TAB>description`.
    var lines: [String] {
      [files ? "files" : "nofiles"]
        + candidates.map { candidate in
          let word = candidate.word.terminalSafe
          return candidate.description.map { word + "\t" + Self.short($0).terminalSafe } ?? word
        }
    }

    /// A description's first sentence, cut to a width a completion menu shows.
    static func short(_ description: String) -> String {
      let sentence = description.split(separator: ". ", maxSplits: 1).first.map(String.init) ?? description
      return sentence.count <= 60 ? sentence : String(sentence.prefix(59)) + "…"
    }
  }

  struct Candidate: Equatable {
    var word: String
    var description: String?
  }

  /// The whole command tree, as `--experimental-dump-help` describes it.
  var root: CommandTree
  /// Values read when asked, by the value name of the argument that takes them: connection
  /// names for `database`, theme names for `theme`, rule keys for `key`.
  var sources: [String: Source]

  /// Where the values of one kind of argument come from.
  struct Source {
    var values: () -> [String]
    var description: String
    /// Whether file names are offered too (a SQLite file is a database, a .theme file a theme).
    var files = false
  }

  /// The answer for `words`: the command line after `d2t`, its last element the word being
  /// completed (empty after a space).
  func complete(_ words: [String]) -> Answer {
    var command = root
    var positional = 0
    var pendingOption: CommandTree.Argument?
    var optionsEnded = false
    for word in words.dropLast() {
      if let option = pendingOption {
        pendingOption = nil
        if option.kind == .option { continue }
      }
      if !optionsEnded, word == "--" {
        optionsEnded = true
      } else if !optionsEnded, word.hasPrefix("-") {
        guard !word.contains("=") else { continue }
        pendingOption = arguments(of: command).first { $0.kind == .option && $0.matches(word) }
      } else if positional == 0, let sub = command.subcommand(named: word) {
        command = sub
      } else {
        command = command.defaultCommand ?? command
        positional += 1
      }
    }
    let current = words.last ?? ""
    if let option = pendingOption {
      return filtered(values(for: option), prefix: current)
    }
    if !optionsEnded, current.hasPrefix("-") {
      if let equals = current.firstIndex(of: "="),
        let option = arguments(of: command).first(where: {
          $0.kind == .option && $0.matches(String(current[..<equals]))
        })
      {
        let name = current[...equals]
        var answer = filtered(values(for: option), prefix: String(current[current.index(after: equals)...]))
        answer.candidates = answer.candidates.map { Candidate(word: name + $0.word, description: $0.description) }
        return answer
      }
      let options = arguments(of: command).filter { $0.kind != .positional && $0.shouldDisplay }
        .flatMap { argument in
          (argument.names ?? []).filter { $0.kind != .short || current == "-" }
            .map { Candidate(word: $0.flag, description: argument.abstract) }
        }
      return filtered(Answer(candidates: options), prefix: current)
    }
    var answer = Answer()
    if positional == 0, let subcommands = command.subcommands {
      answer.candidates += subcommands.filter(\.shouldDisplay).map {
        Candidate(word: $0.commandName, description: $0.abstract)
      }
    }
    if let argument = positionalArgument(of: command, at: positional) {
      let values = values(for: argument)
      answer.candidates += values.candidates
      answer.files = values.files
    }
    return filtered(answer, prefix: current)
  }

  /// A command's arguments; the top-level command's include its default command's, which
  /// is what `d2t --theme light` runs.
  private func arguments(of command: CommandTree) -> [CommandTree.Argument] {
    var arguments = command.arguments ?? []
    if let sub = command.defaultCommand {
      let own = Set(arguments.flatMap { $0.names ?? [] }.map(\.flag))
      arguments += (sub.arguments ?? []).filter { argument in
        !(argument.names ?? []).contains { own.contains($0.flag) }
      }
    }
    return arguments
  }

  private func positionalArgument(of command: CommandTree, at index: Int) -> CommandTree.Argument? {
    let command = command.defaultCommand ?? command
    let positionals = (command.arguments ?? []).filter { $0.kind == .positional && $0.shouldDisplay }
    if index < positionals.count { return positionals[index] }
    return positionals.last.flatMap { $0.isRepeating ? $0 : nil }
  }

  /// The values an option or a positional argument takes: its listed values, file names,
  /// connection names (with file names: a SQLite file is a database too) or theme names.
  private func values(for argument: CommandTree.Argument) -> Answer {
    if let source = sources[argument.valueName ?? argument.preferredName?.name ?? ""] {
      return Answer(
        candidates: source.values().map { Candidate(word: $0, description: source.description) }, files: source.files)
    }
    if let values = argument.completionKind?.list?.values {
      return Answer(candidates: values.map { Candidate(word: $0) })
    }
    if argument.completionKind?.file != nil || argument.completionKind?.directory != nil {
      return Answer(files: true)
    }
    if let values = argument.allValues, !values.isEmpty {
      return Answer(candidates: values.map { Candidate(word: $0) })
    }
    return Answer(files: argument.kind == .positional)
  }

  private func filtered(_ answer: Answer, prefix: String) -> Answer {
    var answer = answer
    var seen = Set<String>()
    answer.candidates = answer.candidates.filter { $0.word.hasPrefix(prefix) && seen.insert($0.word).inserted }
    return answer
  }
}
