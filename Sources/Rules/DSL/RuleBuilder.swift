/// Collects Swift rules: a rule, or an assignment that always applies.
///
///     let model = RuleModel {
///       \.debug <= true
///       \.task == "list" && \.entity.name == "Film" => \.displayPropertyKeys <= ["title", "rating"]
///       (\.propertyKey == "rating" => \.component <= RatingPicker()).priority(.high)
///     }
@resultBuilder
public enum RuleBuilder {
  public static func buildExpression(_ rule: Rule) -> [Rule] { [rule] }
  public static func buildExpression(_ assignment: RuleAssignment) -> [Rule] {
    [Rule(key: assignment.key, value: assignment.value)]
  }
  public static func buildExpression(_ rules: [Rule]) -> [Rule] { rules }
  public static func buildBlock(_ parts: [Rule]...) -> [Rule] { parts.flatMap { $0 } }
  public static func buildArray(_ parts: [[Rule]]) -> [Rule] { parts.flatMap { $0 } }
  public static func buildOptional(_ part: [Rule]?) -> [Rule] { part ?? [] }
  public static func buildEither(first: [Rule]) -> [Rule] { first }
  public static func buildEither(second: [Rule]) -> [Rule] { second }
}

extension RuleModel {
  /// A model of Swift rules above the built-in defaults.
  public init(
    defaults: [Rule] = DefaultRules.rules, registry: RuleKeyRegistry = .standard, @RuleBuilder _ rules: () -> [Rule]
  ) {
    self.init(rules: rules(), defaults: defaults, registry: registry)
  }
}
