import ArgumentParser
import Assistant
import DirectToTerminal
import Foundation
import TerminalCore
import Qualifiers
import Rules

/// `d2t rules …`: prints, checks and explains rules.
struct RulesCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "rules",
    abstract: "Print the built-in rules, check and format rule files, explain how a key gets its value.",
    subcommands: [Defaults.self, Keys.self, Check.self, Format.self, Explain.self]
  )

  /// `d2t rules defaults`.
  struct Defaults: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "defaults", abstract: "Print the built-in default rules.")

    func run() {
      print(DefaultRules.text, terminator: DefaultRules.text.hasSuffix("\n") ? "" : "\n")
    }
  }

  /// `d2t rules keys`.
  struct Keys: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "keys", abstract: "List the rule keys with their types and defaults.")

    func run() {
      let keys = RuleKeyRegistry.d2t.all
      let width = keys.map(\.name.count).max() ?? 0
      for key in keys {
        let name = key.name.padding(toLength: width, withPad: " ", startingAt: 0)
        print("\(name)  \(key.type) = \(key.defaultValue)\n\(String(repeating: " ", count: width + 2))\(key.doc)")
      }
    }
  }

  /// `d2t rules check FILE… [--database DATABASE]`.
  struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "check",
      abstract:
        "Check rule files: syntax, keys, value types, names, rules that can never win, rules only load order decides, cycles.",
      discussion: """
        Component and formatter names must be ones this build of the app has. Warnings: a \
        rule that can never win (another rule for its key matches whenever it does and comes \
        first), rules that only load order decides between (the first pairs of a key, then \
        one line for the rest), and rules that can form a cycle. Exits with status 0 only \
        when there are no errors (warnings are allowed).
        """
    )

    @Argument(help: "The rule files to check, in load order.")
    var files: [String]

    @Option(help: "Also check entity and property names against this database.")
    var database: String?

    func run() throws {
      let model = try database.map { try RulesDatabaseOpener.open($0).modelNames }
      let ruleFiles = try files.map(readRuleFile)
      let diagnostics = RuleChecker(
        registry: .d2t, names: AppRuleNames.names(checking: ruleFiles), model: model
      ).check(ruleFiles)
      for diagnostic in diagnostics { print("\(diagnostic)".terminalSafeLines) }
      let errors = diagnostics.filter { $0.severity == .error }.count
      let warnings = diagnostics.count - errors
      print(
        "\(files.count) file\(files.count == 1 ? "" : "s"): \(counted(errors, "error")), \(counted(warnings, "warning"))"
      )
      if errors > 0 { throw ExitCode(1) }
    }
  }

  /// `d2t rules format FILE… [--check]`.
  struct Format: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "format",
      abstract: "Rewrite rule files in the canonical layout, in place (--check: only list those that would change).",
      discussion: """
        One rule per line as d2t prints it (a rule over several lines is joined), comments \
        kept with their rules, one blank line at most between rules, no trailing spaces, one \
        final newline. Formatting never changes what the rules mean; a file with errors is \
        left untouched and its first error printed. Exits with status 1 when a file has \
        errors, or with --check when a file would change.
        """
    )

    @Argument(help: "The rule files to format.")
    var files: [String]

    @Flag(help: "Write nothing: list the files that would change and exit 1 if there are any.")
    var check = false

    func run() throws {
      var failed = false
      var changed: [String] = []
      for path in files {
        do {
          let file = try readRuleFile(path)
          let formatted = try RuleFormatter.format(file.text, file: path, registry: .d2t)
          guard formatted != file.text else { continue }
          changed.append(path)
          if !check { try RuleFileWriter(path: path).replace(with: formatted) }
        } catch let diagnostic as RuleDiagnostic {
          StandardError.write("\(diagnostic)\n".terminalSafeLines)
          failed = true
        } catch {
          StandardError.write("Error: \(error)\n".terminalSafeLines)
          failed = true
        }
      }
      for path in changed { print((check ? "would reformat " : "formatted ") + path.terminalSafe) }
      if failed || (check && !changed.isEmpty) { throw ExitCode(1) }
    }
  }

  /// `d2t rules explain KEY --context '…' [--rules FILE]… [DATABASE]`.
  struct Explain: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "explain",
      abstract:
        "Show a key's value in a context, the rule that gave it, and the rules that lost (--unmatched: and those that did not match).",
      discussion: """
        The context sets keys: --context 'task=list entity=Film propertyKey=title'. Without a \
        database, object keys get stand-ins: entity=Film gives an entity named Film, and \
        attribute.valueType=integer sets one property. With a database, entity=Film names the \
        model's entity, propertyKey its attribute or relationship, and object=PK fetches that \
        row (object=1,23 for a compound key, in key order), as the app sees them. With a \
        database, the rule files the app loads for it come first, as in the app: the config's \
        rule folders, with the assistant's file for that database \
        ($XDG_CONFIG_HOME/d2t/rules/DATABASE-HASH.rules).
        """
    )

    @Argument(
      help: "The key to explain, e.g. component.",
      completion: .custom { _, _, _ in RuleKeyRegistry.d2t.all.map(\.name) })
    var key: String

    @Option(help: "Keys set in the context: 'task=list entity=Film propertyKey=title'.")
    var context = ""

    @Option(
      name: .customLong("rules"), help: "A rule file to load above the defaults (repeatable).",
      completion: .file(extensions: ["rules"]))
    var ruleFiles: [String] = []

    @Flag(help: "Also list the rules for the key that did not match, each with the first comparison that failed.")
    var unmatched = false

    @Argument(help: "A database whose model and rows the context refers to.")
    var databaseArgument: String?

    @Option(name: .customLong("database"), help: "The database, as for rules check (same as the argument).")
    var databaseOption: String?

    /// `--database DB` or a trailing `DB`, as `rules check` takes it.
    var database: String? { databaseOption ?? databaseArgument }

    func validate() throws {
      if databaseOption != nil && databaseArgument != nil {
        throw ValidationError("give the database once: as an argument or with --database")
      }
    }

    /// With a database, the rule files the app loads for it: the config's rule folders
    /// (with the assistant's file for this connection, `$XDG_CONFIG_HOME/d2t/rules/DATABASE-HASH.rules`,
    /// and without those of other databases), then the `--rules` files.
    var loadedRuleFiles: [String] {
      guard let database, let target = try? DatabaseTarget.resolving(database) else { return ruleFiles }
      let adaptor = target.adaptor()
      let name = AssistantRuleFile.databaseName(displayName: adaptor.displayName)
      return Settings.load().ruleFiles(excluding: ruleFiles, database: name, connection: adaptor.connectionID)
        + ruleFiles
    }

    func run() throws {
      var loader = RuleLoader(registry: .d2t)
      let diagnostics = loader.load(try loadedRuleFiles.map(readRuleFile))
      for diagnostic in diagnostics { print("\(diagnostic)".terminalSafeLines) }
      if diagnostics.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
      guard loader.model.registry[key] != nil else {
        throw RulesCommandError("unknown key '\(key)'; 'd2t rules keys' lists them")
      }
      var ruleContext = RuleContext(model: loader.model)
      var contextText = context
      var primaryKey: [String]?
      do {
        if database != nil { (contextText, primaryKey) = try ContextObjectKey.split(context) }
        try ruleContext.apply(contextText)
      } catch {
        throw RulesCommandError("--context: \(error)")
      }
      if let database {
        try connect(&ruleContext, to: RulesDatabaseOpener.open(database), primaryKey: primaryKey)
      }
      print("\(ruleContext.explain(key, includingUnmatched: unmatched))".terminalSafeLines)
    }

    /// Replaces stand-ins with the database's model, entity, property and row.
    private func connect(
      _ ruleContext: inout RuleContext, to database: any RulesDatabase, primaryKey: [String]?
    ) throws {
      ruleContext.setObject(database.model, forKey: "model")
      guard case .value(.string(let entityName))? = ruleContext.object(forKey: "entity")?.value(forKey: "name")
      else {
        if primaryKey != nil { throw RulesCommandError("--context: object= needs entity= to name the row's entity") }
        return
      }
      guard let entity = database.entity(named: entityName) else {
        throw RulesCommandError("no entity '\(entityName)' in the database")
      }
      ruleContext.setObject(entity, forKey: "entity")
      let propertyKey = ruleContext[\.propertyKey]
      if !propertyKey.isEmpty {
        switch database.property(propertyKey, ofEntity: entityName) {
        case .attribute(let attribute)?: ruleContext.setObject(attribute, forKey: "attribute")
        case .relationship(let relationship)?: ruleContext.setObject(relationship, forKey: "relationship")
        case .keyPath?: break
        case nil: throw RulesCommandError("no property '\(propertyKey)' in entity \(entityName)")
        }
      }
      if let primaryKey {
        guard let row = try database.object(ofEntity: entityName, primaryKey: primaryKey, rules: ruleContext.model)
        else {
          throw RulesCommandError("no \(entityName) with primary key \(primaryKey.joined(separator: ","))")
        }
        ruleContext.setObject(row, forKey: "object")
      }
    }
  }
}

/// A rule file's text, named as given on the command line.
private func readRuleFile(_ path: String) throws -> RuleFile {
  do throws(TextFile.Failure) {
    return RuleFile(name: path, text: try TextFile.read(path))
  } catch {
    throw RulesCommandError("cannot read the rule file \(path): it \(error.reason)")
  }
}

private func counted(_ count: Int, _ noun: String) -> String {
  "\(count) \(noun)\(count == 1 ? "" : "s")"
}
