import Access
@testable import DirectToTerminal
import Rules
import Testing

/// What the assistant may write for a logged-in user without `allowsPermissionRules`:
/// presentation for that user alone, nothing that changes a permission, applies to
/// everyone or reaches another user (issue 29 item 2).
@Suite struct RuleGateTests {
  static let model = LoginFeatureTests.model

  /// A session with Jon logged in on a login page, allowed the assistant only.
  static func jon() -> Session {
    var session = Session.fake(
      model: model,
      rules: """
        firstTask <= 'login'
        userEntityName <= 'Staff'
        user.username = 'jon' => allowsAssistant <= true
        """)
    let row = Row(columns: ["id", "username", "password"], values: [.integer(2), .text("jon"), .text("x")])
    session.user = UserRecord(entityName: "Staff", row: row, name: "jon")
    var rules = session.rules
    rules.user = RecordObject(entity: model.entities[0], row: row)
    session.rules = rules
    return session
  }

  static func refusal(_ text: String) throws -> String? {
    RuleGate(jon()).refusal(for: try RuleParser.rule(text))
  }

  @Test func presentationForTheUserAloneIsWritten() throws {
    #expect(
      try Self.refusal("entity.name = 'Staff' AND user.username = 'jon' => displayNameForEntity <= 'People'") == nil)
  }

  @Test(arguments: [
    ("entity.name = 'Staff' => displayNameForEntity <= 'People'", "applies to everyone"),
    ("user.username = 'mike' => displayNameForEntity <= 'People'", "names another user"),
    ("user.username != 'jon' => displayNameForEntity <= 'People'", "names another user"),
    ("not (user.username = 'jon') => displayNameForEntity <= 'People'", "names another user"),
    ("user.username = 'jon' or task = 'list' => displayNameForEntity <= 'People'", "names another user"),
    ("user.username like 'j*' => displayNameForEntity <= 'People'", "names another user"),
    ("user.username = 'jon' => isEntityReadOnly <= false", "changes a permission (isEntityReadOnly)"),
    ("user.username = 'jon' => allowsConsole <= true", "changes a permission (allowsConsole)"),
    ("user.username = 'jon' => isEntityHidden <= false", "changes a permission (isEntityHidden)"),
  ])
  func widerRulesAreRefusedWithTheReason(_ text: String, _ reason: String) throws {
    let refusal = try #require(try Self.refusal(text), "\(text) was allowed")
    #expect(refusal.hasPrefix("Not written: the rule \(reason) — jon may not write rules"), "\(refusal)")
  }
}
