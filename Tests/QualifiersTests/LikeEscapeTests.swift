import Qualifiers
import Testing

/// In a `like` pattern (the `\` filter, `/` search), `\*` and `\?` match a literal star
/// or question mark; `*` and `?` stay wildcards.
@Suite struct LikeEscapeTests {
  static var product: KeyValueDictionary {
    KeyValueDictionary(["name": .value("50% * off?"), "plain": .value("50% x offs")])
  }

  static let cases: [(String, Bool)] = [
    (#"name like '50% \* off\?'"#, true),
    (#"plain like '50% \* off\?'"#, false),
    (#"name like '*\**'"#, true),
    (#"plain like '*\**'"#, false),
    (#"name like '*\?'"#, true),
    (#"plain like '*\?'"#, false),
    ("plain like '50% ? off?'", true),
    (#"name ilike '50% \* OFF\?'"#, true),
  ]

  @Test(arguments: cases.indices)
  func escapedWildcardsMatchThemselves(_ i: Int) throws {
    let (text, expected) = Self.cases[i]
    #expect(try Qualifier(parsing: text).evaluate(with: Self.product) == expected, "\(text)")
  }

  @Test func theParsedPatternKeepsTheEscape() throws {
    #expect(try Qualifier(parsing: #"name like 'a\*b\?c\\d'"#) == .comparison("name", .like, .string(#"a\*b\?c\d"#)))
  }

  @Test func sqlPatternsTurnEscapesIntoLiterals() {
    #expect(WildcardPattern.sqlLike(#"*50\*%_\?"#) == #"%50*\%\_?"#)
    #expect(WildcardPattern.sqliteGlob(#"a\*b\?[c]*"#) == "a[*]b[?][[]c]*")
  }
}
