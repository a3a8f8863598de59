import Testing

/// The hard-schema checks on every database that has the feature: SQLite always,
/// PostgreSQL when `D2T_TEST_POSTGRES_URL` names a server (and always under `CI=true`).
@Suite struct HardSchemaTests {
  static let backends = EditingTests.backends.filter { $0 != .mariadb }
  static let postgres: [EditingFixture.Backend] = EditingFixture.runsPostgres ? [.postgresql] : []

  func run(
    _ backend: EditingFixture.Backend, _ schema: String, _ check: (inout HardSchemaFixture) throws -> Void
  ) throws {
    var fixture = try HardSchemaFixture(backend, schema: schema)
    defer { fixture.close() }
    try check(&fixture)
  }

  @Test(arguments: postgres) func arraysShowAndSaveExactly(_ backend: EditingFixture.Backend) throws {
    try run(backend, HardSchemaChecks.arraySchema) { try HardSchemaChecks.arraysShowAndSaveExactly($0) }
  }

  @Test(arguments: postgres) func quickFiltersRefuseArrays(_ backend: EditingFixture.Backend) throws {
    try run(backend, HardSchemaChecks.arraySchema) { try HardSchemaChecks.quickFiltersRefuseArrays($0) }
  }

  @Test func mixedStorageShowsWhatIsStored() throws {
    try run(.sqlite, HardSchemaChecks.mixedSchema) { try HardSchemaChecks.mixedStorageShowsWhatIsStored($0) }
  }

  @Test(arguments: backends) func generatedColumnsAreReadOnly(_ backend: EditingFixture.Backend) throws {
    try run(backend, HardSchemaChecks.generatedSchema(backend)) { try HardSchemaChecks.generatedColumnsAreReadOnly($0) }
  }

  @Test(arguments: backends) func uniqueNotNullKeyEdits(_ backend: EditingFixture.Backend) throws {
    try run(backend, HardSchemaChecks.uniqueKeySchema) { try HardSchemaChecks.uniqueNotNullKeyEdits($0) }
  }

  @Test(arguments: postgres) func otherTypesAreListedAndEditedAsTheirText(_ backend: EditingFixture.Backend) throws {
    try run(backend, OtherTypeChecks.schema) { try OtherTypeChecks.listedAndEditedAsTheirText($0) }
  }

  @Test(arguments: postgres) func anOtherTypeTypoIsTheServersMessage(_ backend: EditingFixture.Backend) throws {
    try run(backend, OtherTypeChecks.schema) { try OtherTypeChecks.aTypoIsTheServersMessageAndTheInputStays($0) }
  }

  @Test(arguments: postgres) func doublesReadInfinityBack(_ backend: EditingFixture.Backend) throws {
    try run(backend, OtherTypeChecks.schema) { try OtherTypeChecks.doublesReadInfinityBack($0) }
  }

  @Test(arguments: backends) func aNewRowIsNamedByItsKeyInOrder(_ backend: EditingFixture.Backend) throws {
    try run(backend, CompositeKeyChecks.schema) { try CompositeKeyChecks.aNewRowIsNamedByItsKeyInOrder($0) }
  }

  @Test(arguments: backends) func danglingKeysAreShownAsHeld(_ backend: EditingFixture.Backend) throws {
    try run(backend, MissingToOneChecks.schema) { try MissingToOneChecks.danglingKeysAreShownAsHeld($0) }
  }

  @Test(arguments: postgres) func aRowHoldingNaNSaves(_ backend: EditingFixture.Backend) throws {
    try run(backend, OtherTypeChecks.schema) { try OtherTypeChecks.aRowHoldingNaNSaves($0) }
  }

  @Test(arguments: postgres) func lockedTablesAreListedWithTheReason(_ backend: EditingFixture.Backend) throws {
    try run(backend, HardSchemaChecks.lockedSchema) { try HardSchemaChecks.lockedTablesAreListedWithTheReason(&$0) }
  }
}
