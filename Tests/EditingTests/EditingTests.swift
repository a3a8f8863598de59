import Testing

/// The editing checks, once per database.
@Suite struct SQLiteEditingTests {
  func run(_ check: (EditingFixture) throws -> Void) throws {
    let fixture = try EditingFixture(.sqlite)
    defer { fixture.close() }
    try check(fixture)
  }

  @Test func editAndSave() throws { try run(EditingChecks.editAndSave) }
  @Test func ratingPicker() throws { try run(EditingChecks.ratingPicker) }
  @Test func validationRefusesBadInput() throws { try run(EditingChecks.validationRefusesBadInput) }
  @Test func newRowGetsItsKey() throws { try run(EditingChecks.newRowGetsItsKey) }
  @Test func deleteExplainsForeignKeysAndUndoRestores() throws {
    try run(EditingChecks.deleteExplainsForeignKeysAndUndoRestores)
  }
  @Test func conflictShowsBothValues() throws { try run(EditingChecks.conflictShowsBothValues) }
  @Test func permissionsAndReadOnly() throws { try run(EditingChecks.permissionsAndReadOnly) }
  @Test func loginSucceedsFailsAndLocks() throws { try run(EditingChecks.loginSucceedsFailsAndLocks) }
}

@Suite(.enabled(if: EditingFixture.runsPostgres, "D2T_TEST_POSTGRES_URL is not set"))
struct PostgreSQLEditingTests {
  func run(_ check: (EditingFixture) throws -> Void) throws {
    let fixture = try EditingFixture(.postgresql)
    defer { fixture.close() }
    try check(fixture)
  }

  @Test func editAndSave() throws { try run(EditingChecks.editAndSave) }
  @Test func ratingPicker() throws { try run(EditingChecks.ratingPicker) }
  @Test func validationRefusesBadInput() throws { try run(EditingChecks.validationRefusesBadInput) }
  @Test func newRowGetsItsKey() throws { try run(EditingChecks.newRowGetsItsKey) }
  @Test func deleteExplainsForeignKeysAndUndoRestores() throws {
    try run(EditingChecks.deleteExplainsForeignKeysAndUndoRestores)
  }
  @Test func conflictShowsBothValues() throws { try run(EditingChecks.conflictShowsBothValues) }
  @Test func permissionsAndReadOnly() throws { try run(EditingChecks.permissionsAndReadOnly) }
  @Test func loginSucceedsFailsAndLocks() throws { try run(EditingChecks.loginSucceedsFailsAndLocks) }
}
