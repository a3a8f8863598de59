import DirectToTerminal
import Rules

/// The component, page and formatter names `d2t rules check` accepts: what this build of
/// the app can show.
///
/// The app's registries decide for the keys they serve, `component`, `formatter` (the
/// `ComponentRegistry`) and `page` (the `PageRegistry`): a name a registry lacks is
/// reported, even when a built-in rule uses it. Page wrappers, row and debug components
/// are dispatched by the app itself, so the names the built-in rules give those keys are
/// accepted. Formatter names the registry builds from a parameter
/// (`number:2`, `currency:€`) are accepted where `files` use them.
enum AppRuleNames {
  /// The keys whose names come from the registry alone.
  static let registryKeys: Set<String> = ["component", "formatter", "page"]

  static func names(
    checking files: [RuleFile], registry: ComponentRegistry = .standard,
    keys: RuleKeyRegistry = .standard, defaults: [Rule] = DefaultRules.rules,
    pages: PageRegistry = .standard
  ) -> [NameKind: Set<String>] {
    var names: [NameKind: Set<String>] = [
      .component: Set(registry.componentNames), .formatter: Set(registry.formatterNames),
      .page: Set(pages.names),
    ]
    for rule in defaults where !registryKeys.contains(rule.key) {
      if case .name(let name) = rule.value, let kind = nameKind(of: keys[rule.key]?.type) {
        names[kind, default: []].insert(name)
      }
    }
    let used = files.flatMap { RuleParser.parse($0.text, file: $0.name, registry: keys).rules }
    for rule in used where nameKind(of: keys[rule.key]?.type) == .formatter {
      if case .name(let name) = rule.value, registry.formatter(named: name) != nil {
        names[.formatter, default: []].insert(name)
      }
    }
    return names
  }

  /// The kind of name a key takes (also an optional one), nil for other keys.
  private static func nameKind(of type: RuleValueType?) -> NameKind? {
    switch type {
    case .name(let kind)?: return kind
    case .optional(let wrapped)?: return nameKind(of: wrapped)
    default: return nil
    }
  }
}
