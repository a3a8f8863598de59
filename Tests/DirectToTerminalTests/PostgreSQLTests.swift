import Testing

/// The demo on PostgreSQL: estimated counts from the catalog, and a customer list.
@Suite(.enabled(if: PostgresDemo.enabled, "set D2T_TEST_POSTGRES_URL (scripts/test starts a server)"))
struct PostgreSQLTests {
  @Test func entityListShowsEstimatedCounts() throws {
    let screen = try AppDriver.postgres().screen(width: 60, height: 12)
    let entities = try #require(screen.pane(titled: "Entities"))
    let names = entities.map { $0.dropFirst().split(separator: " ").map(String.init) }
    #expect(
      names.prefix(5) == [
        ["Customer", "~599"], ["Moviestars", "~200"], ["Film", "~1,000"], ["Store", "~2"], ["Staff", "~2"],
      ], "\(screen)")
  }

  @Test func customerListWithPhoneAndExactCount() throws {
    let screen = try AppDriver.postgres().screen("Enter", width: 80, height: 12)
    let list = try #require(screen.pane(titled: "Customer (599)"), "\(screen)")
    #expect(list[0].contains(/^First Name +Last Name +Phone +1\/599$/), "\(screen)")
    #expect(list[1].contains(/^ELLIOT +VANCE +558931910242$/), "\(screen)")
    #expect(screen.statusBar.hasSuffix("row 1 of 599"))
  }

  @Test func searchAndInspectOnPostgres() throws {
    let screen = try AppDriver.postgres().screen("Enter / vance Enter Enter", width: 160, height: 30)
    #expect(screen.contains("search: vance"))
    #expect(screen.contains(/│ Email +ELLIOT\.VANCE@sakilacustomer\.org +│/), "\(screen)")
    #expect(screen.contains(/│ Active +✓ +│/), "\(screen)")
  }
}

extension PostgreSQLTests {
  @Test func filterWithTheIssuesExampleQualifier() throws {
    let filter = "lastName like 'S*' and active = true"
    let screen = try AppDriver.postgres().screen("Enter \\ " + typing(filter) + " Enter", width: 100, height: 10)
    #expect(screen.contains("╭─ Customer (33) "), "\(screen)")
    #expect(screen.contains("filter: " + filter))
  }
}
