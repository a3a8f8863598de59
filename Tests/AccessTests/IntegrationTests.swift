import Testing

/// The shared integration checks, once per database.
@Suite struct SQLiteIntegrationTests {
  func run(_ check: (FixtureDatabase) throws -> Void) throws {
    let fixture = try Backend.sqlite.open()
    defer { fixture.close() }
    try check(fixture)
  }

  @Test func catalogBecomesModel() throws { try run(IntegrationChecks.catalogBecomesModel) }
  @Test func everyTypeRoundTrips() throws { try run(IntegrationChecks.everyTypeRoundTrips) }
  @Test func keyPathsJoinInOneQuery() throws { try run(IntegrationChecks.keyPathsJoinInOneQuery) }
  @Test func qualifiersFilterInSQL() throws { try run(IntegrationChecks.qualifiersFilterInSQL) }
  @Test func pagesForwardAndBackward() throws { try run(IntegrationChecks.pagesForwardAndBackward) }
  @Test func conflictsAreReported() throws { try run(IntegrationChecks.conflictsAreReported) }
  @Test func insertReturnsStoredRow() throws { try run(IntegrationChecks.insertReturnsStoredRow) }
  @Test func constraintViolationsAreTyped() throws {
    try run(IntegrationChecks.constraintViolationsAreTyped)
  }
  @Test func cancellationStopsAQuery() throws { try run(IntegrationChecks.cancellationStopsAQuery) }
}

@Suite(.enabled(if: TestServer.runsPostgres, "D2T_TEST_POSTGRES_URL is not set"))
struct PostgreSQLIntegrationTests {
  func run(_ check: (FixtureDatabase) throws -> Void) throws {
    let fixture = try Backend.postgresql.open()
    defer { fixture.close() }
    try check(fixture)
  }

  @Test func catalogBecomesModel() throws { try run(IntegrationChecks.catalogBecomesModel) }
  @Test func everyTypeRoundTrips() throws { try run(IntegrationChecks.everyTypeRoundTrips) }
  @Test func keyPathsJoinInOneQuery() throws { try run(IntegrationChecks.keyPathsJoinInOneQuery) }
  @Test func qualifiersFilterInSQL() throws { try run(IntegrationChecks.qualifiersFilterInSQL) }
  @Test func pagesForwardAndBackward() throws { try run(IntegrationChecks.pagesForwardAndBackward) }
  @Test func conflictsAreReported() throws { try run(IntegrationChecks.conflictsAreReported) }
  @Test func insertReturnsStoredRow() throws { try run(IntegrationChecks.insertReturnsStoredRow) }
  @Test func constraintViolationsAreTyped() throws {
    try run(IntegrationChecks.constraintViolationsAreTyped)
  }
  @Test func cancellationStopsAQuery() throws { try run(IntegrationChecks.cancellationStopsAQuery) }
}
