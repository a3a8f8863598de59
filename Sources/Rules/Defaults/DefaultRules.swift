/// The built-in rules (`Defaults/defaults.rules`, embedded in the binary): Direct to
/// SwiftUI's defaults for the terminal. `d2t rules defaults` prints them.
public enum DefaultRules {
  /// The file name used in rule locations: `defaults.rules:12`.
  public static let fileName = "defaults.rules"

  /// The text of the built-in rule file.
  public static let text = String(decoding: PackageResources.defaults_rules, as: UTF8.self)

  /// The parsed built-in rules. A test checks that the file parses without problems.
  public static let rules: [Rule] = RuleParser.parse(text, file: fileName).rules

  /// Names the app ships besides those the built-in rules use (Direct to SwiftUI's
  /// optional components and the DVD Rental demo's formatters).
  public static let optionalNames: [NameKind: Set<String>] = [
    .component: [
      "EditLargeString", "DisplayEmail", "DisplayLargeString", "DisplayToOneTitle", "TitleRow",
      "RatingPicker",
    ],
    .formatter: ["CurrencyFormatter", "MinutesDurationFormatter", "DaysDurationFormatter"],
  ]

  /// The names the app must register: those the built-in rules use plus `optionalNames`.
  /// `d2t rules check` accepts these.
  public static var names: [NameKind: Set<String>] {
    var names = optionalNames
    let registry = RuleKeyRegistry.standard
    for rule in rules {
      if case .name(let name) = rule.value, let kind = registry[rule.key]?.type.namedKind {
        names[kind, default: []].insert(name)
      }
    }
    return names
  }
}
