import Qualifiers

/// Checks rule files: syntax, keys, value types, names of components, pages and
/// formatters, optionally entity and property names, rules that can never win (another
/// rule always matches with them and comes first), rules that compete for a key without a
/// winner by priority or complexity, and rules that can depend on each other in a cycle.
///
/// Errors make `d2t rules check` fail; warnings are printed but do not.
public struct RuleChecker: Sendable {
  public var registry: RuleKeyRegistry
  /// The registered names by kind; defaults to those the built-in rules use.
  public var names: [NameKind: Set<String>]
  /// The model's names, when a database is at hand.
  public var model: ModelNames?
  /// The rules loaded under the checked files (the built-in defaults): they take part in
  /// cycles.
  public var defaults: [Rule] = DefaultRules.rules

  public init(
    registry: RuleKeyRegistry = .standard, names: [NameKind: Set<String>] = DefaultRules.names,
    model: ModelNames? = nil
  ) {
    self.registry = registry
    self.names = names
    self.model = model
  }

  /// Every problem of the files, in file order then line order.
  public func check(_ files: [RuleFile]) -> [RuleDiagnostic] {
    var diagnostics: [RuleDiagnostic] = []
    var all: [Rule] = []
    var sources: [String: SourceLines] = [:]
    for file in files {
      let source = SourceLines(file: file.name, text: file.text)
      sources[file.name] = source
      let result = RuleParser.parse(file.text, file: file.name, registry: registry)
      var fileDiagnostics = result.diagnostics
      for rule in result.rules { fileDiagnostics += nameDiagnostics(rule, source) }
      diagnostics += fileDiagnostics.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
      all += result.rules
    }
    let shadows = RuleShadows.shadows(all)
    let order = Dictionary(files.enumerated().map { ($1.name, $0) }) { first, _ in first }
    let competing =
      RuleShadows.warnings(shadows, all, sources: sources)
      + RuleConflicts.warnings(all, excluding: Set(shadows.map(\.shadowed)), sources: sources)
    diagnostics += competing.enumerated().sorted { a, b in
      (order[a.element.file] ?? 0, a.element.line, a.offset) < (order[b.element.file] ?? 0, b.element.line, b.offset)
    }.map(\.element)
    diagnostics += RuleCycles.warnings(all, defaults: defaults, sources: sources)
    return diagnostics
  }

  /// The names the files use that the model or the registries do not know (an unknown
  /// entity, property, component, page or formatter) and keys that change nothing in d2t,
  /// without the costlier conflict and cycle checks: what the running app warns about when
  /// it loads rule files (a rule naming `fakeKey` used to be dropped without a word).
  public func unknownNames(_ files: [RuleFile]) -> [RuleDiagnostic] {
    var diagnostics: [RuleDiagnostic] = []
    for file in files {
      let source = SourceLines(file: file.name, text: file.text)
      for rule in RuleParser.parse(file.text, file: file.name, registry: registry).rules {
        diagnostics += nameDiagnostics(rule, source)
      }
    }
    return diagnostics
  }

  /// A rule's unknown names, and a warning when its key changes nothing in d2t.
  private func nameDiagnostics(_ rule: Rule, _ source: SourceLines) -> [RuleDiagnostic] {
    var found = checkNames(rule, source)
    if let reason = StandardKeys.inert[rule.key] {
      found.append(
        source.diagnostic(
          .warning, line: rule.source?.line ?? 1, column: rule.source?.column ?? 1,
          "\(rule.key) has no effect in d2t: \(reason)"))
    }
    return found
  }

  private func checkNames(_ rule: Rule, _ source: SourceLines) -> [RuleDiagnostic] {
    var found: [RuleDiagnostic] = []
    func report(_ message: String, literal: String?) {
      let (line, column) =
        literal.map { RuleConflicts.locate($0, in: rule, source) }
        ?? (rule.source?.valueLine ?? 1, rule.source?.valueColumn ?? 1)
      found.append(source.diagnostic(.error, line: line, column: column, message))
    }
    if case .name(let name) = rule.value, let kind = registry[rule.key]?.type.namedKind,
      StandardKeys.inert[rule.key] == nil, let known = names[kind], !known.contains(name)
    {
      report("unknown \(kind.rawValue) '\(name)'" + Self.hint(name, known), literal: nil)
    }
    guard let model else { return found }
    let predicate = rule.predicate.map(RuleConflicts.equalities) ?? [:]
    let entityNames = predicate["entity.name"] ?? []
    for case .string(let entity) in entityNames where model.properties[entity] == nil {
      report("unknown entity '\(entity)'" + Self.hint(entity, model.entityNames), literal: entity)
    }
    let properties = Self.properties(of: entityNames, in: model)
    for case .string(let property) in predicate["propertyKey"] ?? []
    where !properties.contains(PropertyPath(property).first) {
      report("unknown property '\(property)'" + Self.hint(property, properties), literal: property)
    }
    if case .list(let items) = rule.value {
      let isEntityList = ["visibleEntityNames", "readOnlyEntityNames"].contains(rule.key)
      let known = isEntityList ? model.entityNames : properties
      guard isEntityList || rule.key == "displayPropertyKeys" else { return found }
      for case .string(let item) in items where !known.contains(isEntityList ? item : PropertyPath(item).first) {
        let kind = isEntityList ? "entity" : "property"
        report("unknown \(kind) '\(item)'" + Self.hint(item, known), literal: item)
      }
    }
    return found
  }

  /// The properties of the named entities, or of every entity when none is named.
  private static func properties(of entities: [QualifierValue], in model: ModelNames) -> Set<String> {
    let named = entities.compactMap { if case .string(let name) = $0 { model.properties[name] } else { nil } }
    let sets = named.isEmpty ? Array(model.properties.values) : named
    return sets.reduce(into: Set<String>()) { $0.formUnion($1) }
  }

  private static func hint(_ name: String, _ known: Set<String>) -> String {
    EditDistance.closest(to: name, in: known).map { " (did you mean '\($0)'?)" } ?? ""
  }
}
