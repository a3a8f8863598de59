import Qualifiers
import Testing

/// `$name` variables, as the reference's `key op $variable` with
/// `qualifierWith(bindings:requiresAll:)` (issue 22 item 19).
@Suite struct QualifierBindingTests {
  static let values: [String: QualifierValue] = ["storeId": .integer(2), "user.name": .string("Jon")]

  @Test func variablesParseAsBindingsAndPrintBack() throws {
    let q = try Qualifier(parsing: "storeId = $storeId and name in ($user.name, 'x') and a like $p")
    #expect(
      q
        == .and([
          .comparison("storeId", .equal, .binding("storeId")),
          .comparison("name", .in, .list([.binding("user.name"), .string("x")])),
          .comparison("a", .like, .binding("p")),
        ]))
    #expect(q.description == "storeId = $storeId AND name in ($user.name, 'x') AND a like $p")
    #expect(try Qualifier(parsing: q.description) == q)
    #expect(q.bindingNames == ["storeId", "user.name", "p"])
  }

  @Test func bindingReplacesEveryVariable() throws {
    let q = try Qualifier(parsing: "storeId = $storeId or name in ($user.name)")
    let bound = try q.binding { Self.values[$0] }
    #expect(bound.description == "storeId = 2 OR name in ('Jon')")
    #expect(bound.bindingNames.isEmpty)
  }

  @Test func aMissingVariableIsAnErrorNamingIt() throws {
    let q = try Qualifier(parsing: "storeId = $storeId and a = $nope and b = $other")
    #expect(throws: UnboundVariables(names: ["nope", "other"])) { try q.binding { Self.values[$0] } }
    #expect(UnboundVariables(names: ["nope"]).description == "no value for $nope")
  }

  /// Without `requiresAll`, a comparison whose variable has no value is left out, as in the
  /// reference: an optional search field that is empty asks nothing.
  @Test func withoutRequiresAllTheComparisonIsLeftOut() throws {
    let q = try Qualifier(parsing: "storeId = $storeId and (a = $nope or b = $nope)")
    #expect(try q.binding({ Self.values[$0] }, requiresAll: false) == .comparison("storeId", .equal, .integer(2)))
    #expect(try Qualifier(parsing: "a = $nope").binding({ _ in nil }, requiresAll: false) == .constant(true))
  }

  /// An unbound variable never matches in memory, not even `!=`.
  @Test func anUnboundVariableNeverMatches() throws {
    let row = KeyValueDictionary(["storeId": .value(.integer(2))])
    #expect(try !Qualifier(parsing: "storeId = $storeId").evaluate(with: row))
    #expect(try !Qualifier(parsing: "storeId != $storeId").evaluate(with: row))
    #expect(try Qualifier(parsing: "storeId = $storeId").binding { Self.values[$0] }.evaluate(with: row))
  }
}
