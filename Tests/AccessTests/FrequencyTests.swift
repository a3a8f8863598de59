import Access
import Qualifiers
import Testing

/// Issue 25 item 1's data: the frequency table of a column over a result, computed by the
/// database on each engine — counts most first (NULL a group of its own), by value with
/// NULLs last, under a qualifier, a to-one by its key and title, paged, with the totals.
@Suite struct FrequencyTests {
  @Test(arguments: IntegrationTests.backends) func groupsCountAndPage(_ backend: Backend) throws {
    let fixture = try backend.open()
    defer { fixture.close() }
    let db = fixture.database
    var spec = FrequencySpecification(entityName: "Film", keyPaths: [PropertyPath("originalLanguageId")], limit: 10)
    let all = try db.frequencies(spec)
    #expect(all.groups == [Frequency(values: [.null], count: 225), Frequency(values: [.integer(2)], count: 75)])
    #expect(all.rowCount == 300 && all.groupCount == 2 && all.largestCount == 225)

    spec.byValue = true
    #expect(try db.frequencies(spec).groups.map(\.values) == [[.integer(2)], [.null]], "NULLs last by value")

    spec = FrequencySpecification(
      entityName: "Film", qualifier: try Qualifier(parsing: "releaseYear = 2003"),
      keyPaths: [PropertyPath("languageId"), PropertyPath("language.name")], limit: 2)
    spec.byValue = true
    let year = try db.frequencies(spec)
    #expect(year.rowCount == 43 && year.groupCount == 3, "\(year)")
    #expect(year.groups.map { $0.values[1].stringValue ?? "" } == ["English", "Italian"])
    #expect(year.groups.map(\.count).reduce(0, +) == 29)
    spec.offset = 2
    let rest = try db.frequencies(spec)
    #expect(rest.groups.map { $0.values[1].stringValue ?? "" } == ["Japanese"])
    #expect(rest.groups.first?.count == 14)
  }

  @Test func aToManyIsRefused() throws {
    let fixture = try Backend.sqlite.open()
    defer { fixture.close() }
    #expect(throws: FetchError.self) {
      try fixture.database.frequencies(
        FrequencySpecification(entityName: "Film", keyPaths: [PropertyPath("filmActors.actorId")], limit: 10))
    }
  }
}
