/// The DVD Rental demo's rule file (`Rules/sakila.rules`), embedded in the binary so an
/// installed `d2t` shows the demo as the checkout does. A `sakila.rules` in the user's rule
/// directory wins.
public enum DemoRules {
  /// The name the rules are reported under (`sakila.rules:12`).
  public static let fileName = "sakila.rules"
  public static let text = String(decoding: PackageResources.sakila_rules, as: UTF8.self)
}
