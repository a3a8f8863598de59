/// Loads and reloads rule files while the app runs.
///
/// A file that has errors keeps the rules it had at its last good load (none if it
/// never loaded cleanly); the errors are returned for the app to show.
public struct RuleLoader: Sendable {
  public let registry: RuleKeyRegistry
  public let defaults: [Rule]
  /// The current rules: the last good rules of every file, in file order.
  public private(set) var model: RuleModel
  private var lastGood: [String: [Rule]] = [:]

  public init(registry: RuleKeyRegistry = .standard, defaults: [Rule] = DefaultRules.rules) {
    self.registry = registry
    self.defaults = defaults
    model = RuleModel(defaults: defaults, registry: registry)
  }

  /// (Re)loads the files, in order, and returns every problem found.
  @discardableResult
  public mutating func load(_ files: [RuleFile]) -> [RuleDiagnostic] {
    var diagnostics: [RuleDiagnostic] = []
    var rules: [Rule] = []
    for file in files {
      let result = RuleParser.parse(file.text, file: file.name, registry: registry)
      diagnostics += result.diagnostics
      if !result.hasErrors { lastGood[file.name] = result.rules }
      rules += lastGood[file.name] ?? []
    }
    model = RuleModel(rules: rules, defaults: defaults, registry: registry)
    return diagnostics
  }
}
