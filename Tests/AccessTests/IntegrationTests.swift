import TestSupport
import Testing

/// The shared integration checks, once per database: SQLite always, PostgreSQL and MariaDB
/// when `D2T_TEST_POSTGRES_URL` and `D2T_TEST_MARIADB_URL` name servers (and always under
/// `CI=true`, where a missing server fails the tests).
@Suite struct IntegrationTests {
  static let backends: [Backend] =
    [.sqlite] + (TestServer.runsPostgres ? [.postgresql] : []) + (MariaDBTests.areOn ? [.mariadb] : [])

  func run(_ backend: Backend, _ check: (FixtureDatabase) throws -> Void) throws {
    let fixture = try backend.open()
    defer { fixture.close() }
    try check(fixture)
  }

  @Test(arguments: backends) func catalogBecomesModel(_ backend: Backend) throws {
    try run(backend, IntegrationChecks.catalogBecomesModel)
  }
  @Test(arguments: backends) func everyTypeRoundTrips(_ backend: Backend) throws {
    try run(backend, IntegrationChecks.everyTypeRoundTrips)
  }
  @Test(arguments: backends) func keyPathsJoinInOneQuery(_ backend: Backend) throws {
    try run(backend, IntegrationChecks.keyPathsJoinInOneQuery)
  }
  @Test(arguments: backends) func qualifiersFilterInSQL(_ backend: Backend) throws {
    try run(backend, IntegrationChecks.qualifiersFilterInSQL)
  }
  @Test(arguments: backends) func pagesForwardAndBackward(_ backend: Backend) throws {
    try run(backend, IntegrationChecks.pagesForwardAndBackward)
  }
  @Test(arguments: backends) func conflictsAreReported(_ backend: Backend) throws {
    try run(backend, IntegrationChecks.conflictsAreReported)
  }
  @Test(arguments: backends) func insertReturnsStoredRow(_ backend: Backend) throws {
    try run(backend, IntegrationChecks.insertReturnsStoredRow)
  }
  @Test(arguments: backends) func constraintViolationsAreTyped(_ backend: Backend) throws {
    try run(backend, IntegrationChecks.constraintViolationsAreTyped)
  }
  @Test(arguments: backends) func cancellationStopsAQuery(_ backend: Backend) throws {
    try run(backend, IntegrationChecks.cancellationStopsAQuery)
  }
}
