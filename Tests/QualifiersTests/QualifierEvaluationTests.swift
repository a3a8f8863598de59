import Qualifiers
import Testing

struct Customer: KeyValueReadable {
  var values: [String: KeyValue]
  func value(forKey key: String) -> KeyValue? { values[key] }
}

@Suite struct QualifierEvaluationTests {
  static var lima: KeyValueDictionary {
    KeyValueDictionary(["city": .value("Lima"), "country": .object(KeyValueDictionary(["country": .value("Peru")]))])
  }
  static var customer: Customer {
    Customer(values: [
      "lastName": .value("Smith"),
      "firstName": .value("Mary"),
      "email": .value(.null),
      "active": .value(true),
      "rentals": .value(12),
      "names": .value(.list(["Jones", "Smith"])),
      "balance": .value(.decimal("4.50")),
      "limit": .value(.decimal("12.0")),
      "address": .object(KeyValueDictionary(["city": .object(lima)])),
    ])
  }

  static let cases: [(String, Bool)] = [
    ("lastName = 'Smith'", true),
    ("lastName = 'smith'", false),
    ("lastName != 'Jones'", true),
    ("lastName < 'T'", true),
    ("lastName > 'T'", false),
    ("rentals = 12.00", true),
    ("rentals >= 12", true),
    ("rentals < 12.5", true),
    ("balance = 4.5", true),
    ("balance > -5", true),
    ("balance <= 4.49", false),
    ("rentals = limit", true),
    ("rentals > balance", true),
    ("email is null", true),
    ("email = ''", false),
    ("email < 'a'", false),
    ("email != 'x'", true),
    ("missing is null", true),
    ("missing = 1", false),
    ("address is not null", true),
    ("address = null", false),
    ("address = 'x'", false),
    ("lastName like 'S*'", true),
    ("lastName like 's*'", false),
    ("lastName ilike 's*H'", true),
    ("lastName like 'Sm?th'", true),
    ("lastName like 'Sm?h'", false),
    ("lastName like '*i*'", true),
    ("lastName like '*'", true),
    ("rentals like '1*'", false),
    ("rentals in (1, 12)", true),
    ("lastName in ('Jones', 'Brown')", false),
    ("email in (null)", true),
    ("lastName in names", true),
    ("firstName in names", false),
    ("active = true and not rentals = 3", true),
    ("active = false or rentals = 3", false),
    ("active", true),
    ("address.city.city = 'Lima'", true),
    ("address.city.country.country = 'Peru'", true),
    ("address.city.city.name = 'Lima'", false),
    ("*false* or lastName = firstName", false),
  ]

  @Test(arguments: cases.indices)
  func evaluatesAgainstKeyPaths(_ i: Int) throws {
    let (text, expected) = Self.cases[i]
    #expect(try Qualifier(parsing: text).evaluate(with: Self.customer) == expected, "\(text)")
  }

  @Test func sortOrderingsParseAndSort() throws {
    let orderings = try SortOrdering.parse("lastName, firstName desc, title ASC nocase")
    #expect(
      orderings == [
        SortOrdering("lastName"), SortOrdering("firstName", .descending), SortOrdering("title", ignoresCase: true),
      ])
    #expect(orderings.map(\.description).joined(separator: ", ") == "lastName, firstName desc, title nocase")
    let a = KeyValueDictionary(["lastName": .value("Smith"), "firstName": .value("Ann")])
    let b = KeyValueDictionary(["lastName": .value("Smith"), "firstName": .value("Bob")])
    let c = KeyValueDictionary(["lastName": .value(.null), "firstName": .value("Cy")])
    #expect(orderings.areInIncreasingOrder(b, a))
    #expect(!orderings.areInIncreasingOrder(a, b))
    #expect(orderings.areInIncreasingOrder(c, a))
  }

  @Test(arguments: [
    ("lastName desc desc", "column 15: expected 'asc', 'desc', 'nocase' or ',' after 'lastName', found 'desc'"),
    ("lastName,", "column 10: expected a key path, found end of input"),
    ("", "column 1: expected a key path, found end of input"),
  ])
  func sortOrderingErrors(_ text: String, _ message: String) {
    do {
      _ = try SortOrdering.parse(text)
      Issue.record("expected an error for \(text)")
    } catch {
      #expect(error.description == message)
    }
  }

  /// A path through a to-many gives many values: a comparison holds when it holds for some
  /// of them (as `EXISTS` in SQL), `not` when for none, and nothing matches no related row.
  @Test func aPathThroughManyMatchesSomeRelatedRow() throws {
    let actor = { (name: String) in KeyValue.object(KeyValueDictionary(["lastName": .value(.string(name))])) }
    let film = KeyValueDictionary(["actors": .many([actor("GUINESS"), actor("WAHLBERG")]), "none": .many([])])
    func holds(_ text: String) throws -> Bool { try Qualifier(parsing: text).evaluate(with: film) }
    #expect(try holds("actors.lastName = 'WAHLBERG'"))
    #expect(try holds("actors.lastName like 'GUI*'"))
    #expect(try !holds("actors.lastName = 'CHASE'"))
    #expect(try holds("not (actors.lastName = 'CHASE')"))
    #expect(try !holds("not (actors.lastName = 'GUINESS')"))
    #expect(try holds("actors.lastName in ('CHASE', 'GUINESS')"))
    #expect(try !holds("none.lastName = 'GUINESS'") && !holds("none.lastName = nil"))
  }
}
