import Rules

extension RuleKeyRegistry {
  /// The standard keys plus d2t's own editing and login keys.
  public static var d2t: RuleKeyRegistry {
    var registry = RuleKeyRegistry.standard
    registry.register(
      RuleKeyDefinition(
        name: "choices", type: .list(.string), defaultValue: .list([]),
        doc: "The values an enum picker offers for a text column (PostgreSQL enums list their own)."))
    registry.register(
      RuleKeyDefinition(
        name: "userEntityName", type: .optional(.string), defaultValue: .null,
        doc: "The entity users log in with; nil finds one with a login and a password column."))
    registry.register(
      RuleKeyDefinition(
        name: "allowsPlainTextPasswords", type: .bool, defaultValue: .bool(false),
        doc: "Whether login accepts a password stored as plain text (SHA-1 and MD5 hex always work)."))
    registry.register(
      RuleKeyDefinition(
        name: "allowsPasswordQueries", type: .bool, defaultValue: .bool(false),
        doc:
          "Whether a password-like property may be used in filters, searches and sorts (hidden, so refused by default)."
      ))
    registry.register(
      RuleKeyDefinition(
        name: "allowsEmptyString", type: .bool, defaultValue: .bool(false),
        doc: "Whether an empty text is saved as '' in a NOT NULL text column (else it counts as missing)."))
    registry.register(
      RuleKeyDefinition(
        name: "copyRowFormat", type: .string, defaultValue: .string("tsv"),
        doc: "How Y copies a row: 'tsv' (tab-separated values) or 'json'."))
    return registry
  }
}
