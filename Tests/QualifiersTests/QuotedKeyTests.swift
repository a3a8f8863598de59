import Qualifiers
import Testing

/// Keys that are not plain identifiers, written in backquotes, in qualifier text.
@Suite struct QuotedKeyTests {
  static let oddKeys = [
    "Qty.", "Street №", "it's", "say \"hi\"", "select", "order", "group", "user", "and", "null",
    "true", "like", "Preis €", "🎉", "名前", "1st", "a`b", "with space", "-x", "",
  ]

  @Test func backquotesReadOneKeyWhateverItHolds() throws {
    let parsed = try Qualifier(parsing: "`Qty.` = 3")
    #expect(parsed == .comparison(PropertyPath(key: "Qty."), .equal, .integer(3)))
    let nested = try Qualifier(parsing: "address.`Street №` like 'a*'")
    #expect(nested == .comparison(PropertyPath(components: ["address", "Street №"]), .like, .string("a*")))
    let doubled = try Qualifier(parsing: "`a``b`.c is null")
    #expect(doubled == .comparison(PropertyPath(components: ["a`b", "c"]), .equal, .null))
    let reserved = try Qualifier(parsing: "`order` = 2 and `null` is not null")
    #expect(
      reserved
        == .and([
          .comparison(PropertyPath(key: "order"), .equal, .integer(2)),
          .comparison(PropertyPath(key: "null"), .notEqual, .null),
        ]))
    let right = try Qualifier(parsing: "a < `b.c`")
    #expect(right == .keyComparison("a", .less, PropertyPath(key: "b.c")))
  }

  @Test(arguments: oddKeys) func printedQualifiersParseBack(_ key: String) throws {
    let path = PropertyPath(components: ["address", key])
    for qualifier: Qualifier in [
      .comparison(path, .equal, .string("x'y")), .comparison(PropertyPath(key: key), .notEqual, .null),
      .keyComparison(PropertyPath(key: key), .greater, path), .comparison(PropertyPath(key: key), .equal, .bool(true)),
    ] {
      let text = qualifier.description
      #expect(try Qualifier(parsing: text) == qualifier, "\(text)")
    }
    #expect(PropertyPath(path.description) == path, "\(path.description)")
  }

  @Test func plainKeysStayBare() {
    #expect(PropertyPath(components: ["address", "city"]).description == "address.city")
    #expect(PropertyPath(components: ["名前", "lastName2", "_x", "$y"]).description == "名前.lastName2._x.$y")
    #expect(PropertyPath(key: "Qty.").description == "`Qty.`")
    #expect(PropertyPath(key: "Select").description == "Select")
    #expect(PropertyPath(key: "in").description == "`in`")
  }

  @Test func anUnclosedBackquoteIsAClearError() {
    #expect(throws: QualifierSyntaxError.self) { try Qualifier(parsing: "`Qty. = 3") }
    do {
      _ = try Qualifier(parsing: "a = 1 and `Qty. = 3")
    } catch {
      #expect(error.message.contains("unterminated quoted key"), "\(error)")
      #expect(error.column == 11)
    }
  }
}
