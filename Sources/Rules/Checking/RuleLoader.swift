/// Loads and reloads rule files while the app runs.
///
/// A file that has errors, or cannot be read, keeps the rules it had at its last good load
/// (none if it never loaded cleanly); the errors are returned for the app to show.
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
    load(files.map(Source.text))
  }

  /// A rule file as read: its text, or the name of a file that could not be read now
  /// (deleted, replaced by a folder or a pipe, not UTF-8), which keeps its last good rules
  /// in its place.
  public enum Source: Hashable, Sendable {
    case text(RuleFile)
    case unreadable(name: String)
  }

  /// (Re)loads the sources, in order; an unreadable one keeps the rules it had.
  @discardableResult
  public mutating func load(_ sources: [Source]) -> [RuleDiagnostic] {
    var diagnostics: [RuleDiagnostic] = []
    var rules: [Rule] = []
    for source in sources {
      switch source {
      case .text(let file):
        let result = RuleParser.parse(file.text, file: file.name, registry: registry)
        diagnostics += result.diagnostics
        if !result.hasErrors { lastGood[file.name] = result.rules }
        rules += lastGood[file.name] ?? []
      case .unreadable(let name):
        rules += lastGood[name] ?? []
      }
    }
    model = RuleModel(rules: rules, defaults: defaults, registry: registry)
    return diagnostics
  }
}
