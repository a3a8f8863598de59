import Qualifiers
import Testing

@Suite struct QualifierParserTests {
  static let valid: [(String, Qualifier)] = [
    ("lastName = 'Smith'", .comparison("lastName", .equal, .string("Smith"))),
    ("lastName == \"Smith\"", .comparison("lastName", .equal, .string("Smith"))),
    ("a != 1", .comparison("a", .notEqual, .integer(1))),
    ("a <> -1", .comparison("a", .notEqual, .integer(-1))),
    // The reference's identity comparisons (issue 22 item 19).
    ("task === 'edit'", .comparison("task", .equal, .string("edit"))),
    ("task !== 'edit'", .comparison("task", .notEqual, .string("edit"))),
    ("a < 4.99", .comparison("a", .less, .decimal("4.99"))),
    ("a <= 2", .comparison("a", .lessOrEqual, .integer(2))),
    ("a > 2", .comparison("a", .greater, .integer(2))),
    ("a >= 2", .comparison("a", .greaterOrEqual, .integer(2))),
    ("name LIKE 'S*'", .comparison("name", .like, .string("S*"))),
    ("name ilike 'a?c'", .comparison("name", .caseInsensitiveLike, .string("a?c"))),
    ("id IN (1, 2.5, 'x', null)", .comparison("id", .in, .list([.integer(1), .decimal("2.5"), .string("x"), .null]))),
    ("entity.name in readOnlyEntityNames", .keyComparison("entity.name", .in, "readOnlyEntityNames")),
    ("id in ()", .comparison("id", .in, .list([]))),
    ("email is null", .comparison("email", .equal, .null)),
    ("email IS NOT NULL", .comparison("email", .notEqual, .null)),
    ("a = true and b = FALSE", .and([.comparison("a", .equal, .bool(true)), .comparison("b", .equal, .bool(false))])),
    ("a = nil", .comparison("a", .equal, .null)),
    ("address.city.country.country = 'Peru'", .comparison("address.city.country.country", .equal, .string("Peru"))),
    ("createDate < lastUpdate", .keyComparison("createDate", .less, "lastUpdate")),
    ("*true*", .constant(true)),
    ("*FALSE*", .constant(false)),
    ("isAdmin", .comparison("isAdmin", .equal, .bool(true))),
    ("a = 1 AnD b = 2", .and([.comparison("a", .equal, .integer(1)), .comparison("b", .equal, .integer(2))])),
    (
      "a = 'it''s' && b = 'a\\'b\\\\c'",
      .and([.comparison("a", .equal, .string("it's")), .comparison("b", .equal, .string("a'b\\c"))])
    ),
    (
      "a = 1 or b = 2 and c = 3",
      .or([
        .comparison("a", .equal, .integer(1)),
        .and([.comparison("b", .equal, .integer(2)), .comparison("c", .equal, .integer(3))]),
      ])
    ),
    (
      "a = 1 AND b = 2 OR c = 3 AND d = 4",
      .or([
        .and([.comparison("a", .equal, .integer(1)), .comparison("b", .equal, .integer(2))]),
        .and([.comparison("c", .equal, .integer(3)), .comparison("d", .equal, .integer(4))]),
      ])
    ),
    (
      "(a = 1 || b = 2) && !c = 3",
      .and([
        .or([.comparison("a", .equal, .integer(1)), .comparison("b", .equal, .integer(2))]),
        .not(.comparison("c", .equal, .integer(3))),
      ])
    ),
    (
      "not a = 1 and b = 2", .and([.not(.comparison("a", .equal, .integer(1))), .comparison("b", .equal, .integer(2))])
    ),
    ("name not like 'A*'", .not(.comparison("name", .like, .string("A*")))),
    ("id not in (1)", .not(.comparison("id", .in, .list([.integer(1)])))),
    (
      "a = 1 # comment\n and b = 2 // another",
      .and([.comparison("a", .equal, .integer(1)), .comparison("b", .equal, .integer(2))])
    ),
  ]

  @Test(arguments: valid.indices)
  func parsesValidText(_ i: Int) throws {
    let (text, expected) = Self.valid[i]
    #expect(try Qualifier(parsing: text) == expected, "\(text)")
  }

  static let invalid: [(String, String)] = [
    ("lastName =", "column 11: expected a value after '=', found end of input"),
    ("lastName = 'Smith' and", "column 23: expected a key path, found end of input"),
    ("", "column 1: expected a qualifier, found end of input"),
    ("= 5", "column 1: expected a key path, found '='"),
    ("a 5", "column 3: expected an operator after 'a', found '5'"),
    ("a = 1 b = 2", "column 7: expected 'and', 'or' or end of input, found 'b'"),
    ("(a = 1", "column 7: expected ')' to close '(' at column 1, found end of input"),
    ("a = 'open", "column 5: unterminated string"),
    ("a = @", "column 5: unexpected character '@'"),
    ("a like 5", "column 8: expected a pattern string after 'like', found '5'"),
    ("a in 1", "column 6: expected '(' after 'in', found '1'"),
    ("a in (1 2)", "column 9: expected ',' or ')' in the list, found '2'"),
    ("a in (1, b)", "column 10: expected a value in the list, found 'b'"),
    ("a is 5", "column 6: expected 'null' or 'not null' after 'is', found '5'"),
    ("a not = 1", "column 7: expected 'like', 'ilike' or 'in' after 'not', found '='"),
    ("a = 99999999999999999999", "column 5: integer 99999999999999999999 is too large"),
    ("a = 1\nand = 2", "line 2, column 5: expected a key path, found '='"),
  ]

  @Test(arguments: invalid.indices)
  func rejectsInvalidTextWithExactMessage(_ i: Int) {
    let (text, message) = Self.invalid[i]
    #expect(throws: QualifierSyntaxError.self) { try Qualifier(parsing: text) }
    do {
      _ = try Qualifier(parsing: text)
    } catch {
      #expect(error.description == message, "\(text)")
    }
  }

  @Test func stopsAtTheLastTokenGiven() throws {
    var tokens = try QualifierLexer.tokenize("task = 'edit' => component <= x")
    tokens = Array(tokens.prefix { !$0.isSymbol("=>") } + [tokens[3]])
    #expect(try Qualifier(tokens: tokens) == .comparison("task", .equal, .string("edit")))
    let bad = try QualifierLexer.tokenize("task = => x")
    do {
      _ = try Qualifier(tokens: Array(bad.prefix(3)))
      Issue.record("expected an error")
    } catch {
      #expect(error.description == "column 8: expected a value after '=', found '=>'")
    }
  }

  @Test(arguments: valid.indices)
  func descriptionRoundTrips(_ i: Int) throws {
    let qualifier = try Qualifier(parsing: Self.valid[i].0)
    #expect(try Qualifier(parsing: qualifier.description) == qualifier, "\(qualifier)")
  }

  @Test func descriptionReadsLikeTheLanguage() throws {
    let q = try Qualifier(parsing: "(a = 1 or b = 'x\\'y') and not c is null and d in (1, 2) and e != f")
    #expect(q.description == "(a = 1 OR b = 'x\\'y') AND NOT c is null AND d in (1, 2) AND e != f")
  }

  @Test func complexityCountsComparisons() throws {
    #expect(try Qualifier(parsing: "*true*").complexity == 0)
    #expect(try Qualifier(parsing: "a = 1 and (b = 2 or not c = 3)").complexity == 3)
  }
}
