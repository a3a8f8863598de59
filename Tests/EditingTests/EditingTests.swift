import Testing

/// The editing checks, once per database: SQLite always, PostgreSQL and MariaDB when
/// `D2T_TEST_POSTGRES_URL` and `D2T_TEST_MARIADB_URL` name servers (and always under
/// `CI=true`).
@Suite struct EditingTests {
  static let backends: [EditingFixture.Backend] =
    [.sqlite] + (EditingFixture.runsPostgres ? [.postgresql] : []) + (EditingFixture.runsMariaDB ? [.mariadb] : [])

  func run(_ backend: EditingFixture.Backend, _ check: (EditingFixture) throws -> Void) throws {
    let fixture = try EditingFixture(backend)
    defer { fixture.close() }
    try check(fixture)
  }

  @Test(arguments: backends) func editAndSave(_ backend: EditingFixture.Backend) throws {
    try run(backend, EditingChecks.editAndSave)
  }
  @Test(arguments: backends) func openEditTypeAndSaveInOneBurst(_ backend: EditingFixture.Backend) throws {
    try run(backend, KeyBurstEditChecks.openEditTypeAndSaveInOneBurst)
  }
  @Test(arguments: backends) func aKeyTypedBeforeTheInspectorsRowIsReadActsOnIt(
    _ backend: EditingFixture.Backend
  ) throws {
    try run(backend, KeyBurstEditChecks.aKeyTypedBeforeTheInspectorsRowIsReadActsOnIt)
  }
  @Test(arguments: backends) func escOnASaveWaitingForALockCancelsIt(_ backend: EditingFixture.Backend) throws {
    try run(backend, SaveCancelChecks.escOnASaveWaitingForALockCancelsIt)
  }
  @Test(.enabled(if: EditingFixture.runsPostgres)) func escOnASaveToAStoppedServerNeverCommits() throws {
    try run(.postgresql, SaveCancelChecks.escOnASaveToAStoppedServerNeverCommits)
  }

  @Test(.enabled(if: EditingFixture.runsPostgres)) func escDropsASaveTypedWhileTheRowLoads() throws {
    try run(.postgresql, SaveCancelChecks.escDropsASaveTypedWhileTheRowLoads)
  }
  @Test(arguments: backends) func ratingPicker(_ backend: EditingFixture.Backend) throws {
    try run(backend, EditingChecks.ratingPicker)
  }
  @Test(arguments: backends) func validationRefusesBadInput(_ backend: EditingFixture.Backend) throws {
    try run(backend, EditingChecks.validationRefusesBadInput)
  }
  @Test(arguments: backends) func newRowGetsItsKey(_ backend: EditingFixture.Backend) throws {
    try run(backend, EditingChecks.newRowGetsItsKey)
  }
  @Test(arguments: backends)
  func deleteExplainsForeignKeysAndUndoRestores(_ backend: EditingFixture.Backend) throws {
    try run(backend, EditingChecks.deleteExplainsForeignKeysAndUndoRestores)
  }
  @Test(arguments: backends) func conflictShowsBothValues(_ backend: EditingFixture.Backend) throws {
    try run(backend, EditingChecks.conflictShowsBothValues)
  }
  @Test(arguments: backends) func permissionsAndReadOnly(_ backend: EditingFixture.Backend) throws {
    try run(backend, EditingChecks.permissionsAndReadOnly)
  }
  @Test(arguments: backends) func loginSucceedsFailsAndLocks(_ backend: EditingFixture.Backend) throws {
    try run(backend, EditingChecks.loginSucceedsFailsAndLocks)
  }
  @Test(arguments: backends) func severalMembersAreAddedAtOnce(_ backend: EditingFixture.Backend) throws {
    try run(backend, MembershipChecks.severalMembersAreAddedAtOnce)
  }
  @Test(arguments: backends) func aNewRowIsSavedWithItsChosenMembers(_ backend: EditingFixture.Backend) throws {
    try run(backend, MembershipChecks.aNewRowIsSavedWithItsChosenMembers)
  }
  @Test(arguments: backends) func aLineChangedElsewhereIsNamedAndOverwritten(_ backend: EditingFixture.Backend) throws {
    try run(backend, InlineLinesChecks.aLineChangedElsewhereIsNamedAndOverwritten)
  }
  @Test(arguments: backends) func aPendingLineOpenedAgainKeepsItsChoices(_ backend: EditingFixture.Backend) throws {
    try run(backend, InlineLinesChecks.aPendingLineOpenedAgainKeepsItsChoices)
  }
  @Test(arguments: backends) func aReadOnlyRowKeepsItsMembers(_ backend: EditingFixture.Backend) throws {
    try run(backend, MembershipChecks.aReadOnlyRowKeepsItsMembers)
  }
  @Test(arguments: backends) func anUndoRefusedNamesTheRowThatBlocksIt(_ backend: EditingFixture.Backend) throws {
    try run(backend, InlineLinesChecks.anUndoRefusedNamesTheRowThatBlocksIt)
  }
  @Test(arguments: backends) func aRedoneNewRowKeepsItsDefaults(_ backend: EditingFixture.Backend) throws {
    try run(backend, JournalChecks.aRedoneNewRowKeepsItsDefaults)
  }
  @Test(arguments: backends) func marksAreCountedAndFollowTheRows(_ backend: EditingFixture.Backend) throws {
    try run(backend, MarkChecks.marksAreCountedAndFollowTheRows)
  }
  @Test(arguments: backends) func aBatchChangeIsPreviewedAppliedAndUndone(_ backend: EditingFixture.Backend) throws {
    try run(backend, BatchChecks.aBatchChangeIsPreviewedAppliedAndUndone)
  }
  @Test(arguments: backends) func aRowChangedSinceItWasMarkedIsNamed(_ backend: EditingFixture.Backend) throws {
    try run(backend, BatchChecks.aRowChangedSinceItWasMarkedIsNamed)
  }
  @Test(arguments: backends) func everyRowOfAFilterIsChangedByItsCondition(_ backend: EditingFixture.Backend) throws {
    try run(backend, BatchChecks.everyRowOfAFilterIsChangedByItsCondition)
  }
  @Test(arguments: backends) func aBatchDeleteTakesItsDependentsAndUndoBringsThemBack(
    _ backend: EditingFixture.Backend
  ) throws {
    try run(backend, BatchChecks.aBatchDeleteTakesItsDependentsAndUndoBringsThemBack)
  }
  @Test(arguments: backends) func escOnABatchChangeWaitingForALockCancelsIt(
    _ backend: EditingFixture.Backend
  ) throws {
    try run(backend, BatchChecks.escOnABatchChangeWaitingForALockCancelsIt)
  }
  @Test(arguments: backends) func aSetNullOnARequiredColumnRefusesTheDelete(_ backend: EditingFixture.Backend) throws {
    try run(backend, BatchChecks.aSetNullOnARequiredColumnRefusesTheDelete)
  }
  @Test(arguments: backends) func marksThatAllWentElsewhereChangeNothing(_ backend: EditingFixture.Backend) throws {
    try run(backend, BatchChecks.marksThatAllWentElsewhereChangeNothing)
  }
  @Test(arguments: backends) func aCellIsEditedInPlace(_ backend: EditingFixture.Backend) throws {
    try run(backend, CellChecks.aCellIsEditedInPlace)
  }
  @Test(arguments: backends) func aRuleReadsThroughAManyToMany(_ backend: EditingFixture.Backend) throws {
    try run(backend, MembershipChecks.aRuleReadsThroughAManyToMany)
  }
  @Test(arguments: backends) func newFilmChoosesItsLanguage(_ backend: EditingFixture.Backend) throws {
    try run(backend, SelectPageChecks.newFilmChoosesItsLanguage)
  }
  @Test(arguments: backends) func changeAFilmsLanguage(_ backend: EditingFixture.Backend) throws {
    try run(backend, SelectPageChecks.changeAFilmsLanguage)
  }
  @Test(arguments: backends) func clearANullableToOne(_ backend: EditingFixture.Backend) throws {
    try run(backend, SelectPageChecks.clearANullableToOne)
  }
  @Test(arguments: backends) func emptyTextIsMissingForNotNull(_ backend: EditingFixture.Backend) throws {
    try run(backend, RuleKeyChecks.emptyTextIsMissingForNotNull)
  }
  @Test(arguments: backends) func updateTimestampIsWritten(_ backend: EditingFixture.Backend) throws {
    try run(backend, RuleKeyChecks.updateTimestampIsWritten)
  }
  @Test(arguments: backends) func auxiliaryQualifierRestrictsTheList(_ backend: EditingFixture.Backend) throws {
    try run(backend, RuleKeyChecks.auxiliaryQualifierRestrictsTheList)
  }
  @Test(arguments: backends) func theInspectorFollowsAChangedKey(_ backend: EditingFixture.Backend) throws {
    try run(backend, RuleKeyChecks.theInspectorFollowsAChangedKey)
  }
  @Test(arguments: backends) func undoAndRedoWalkTheJournal(_ backend: EditingFixture.Backend) throws {
    try run(backend, JournalChecks.undoAndRedoWalkTheJournal)
  }
  @Test(arguments: backends) func listFollowsAnotherClient(_ backend: EditingFixture.Backend) throws {
    try run(backend, FollowChecks.listFollowsAnotherClient)
  }
  @Test(arguments: backends) func aChangeRightAfterTheFirstFetchIsFollowed(_ backend: EditingFixture.Backend) throws {
    try run(backend, FollowChecks.aChangeRightAfterTheFirstFetchIsFollowed)
  }
  @Test(arguments: backends) func relatedListCountFollows(_ backend: EditingFixture.Backend) throws {
    try run(backend, FollowChecks.relatedListCountFollows)
  }
  @Test(arguments: backends) func relatedTablesAreFollowed(_ backend: EditingFixture.Backend) throws {
    try run(backend, FollowChecks.relatedTablesAreFollowed)
  }
  @Test(arguments: backends) func changeMarkHidesNoData(_ backend: EditingFixture.Backend) throws {
    try run(backend, FollowChecks.changeMarkHidesNoData)
  }
  @Test(arguments: backends) func editShowsChangesUnderneath(_ backend: EditingFixture.Backend) throws {
    try run(backend, FollowChecks.editShowsChangesUnderneath)
  }
  @Test(arguments: backends) func notificationsRefreshViews(_ backend: EditingFixture.Backend) throws {
    try run(backend, FollowChecks.notificationsRefreshViews)
  }
  @Test(arguments: backends) func keylessListMarksOnlyTheChangedRow(_ backend: EditingFixture.Backend) throws {
    try run(backend, FollowChecks.keylessListMarksOnlyTheChangedRow)
  }
  @Test(arguments: backends) func aRowMadeInARelatedListIsLinked(_ backend: EditingFixture.Backend) throws {
    try run(backend, RelatedInsertChecks.aRowMadeInARelatedListIsLinked)
  }
  @Test(arguments: backends) func aMissingOneToOneIsMadeInPlace(_ backend: EditingFixture.Backend) throws {
    try run(backend, RelatedInsertChecks.aMissingOneToOneIsMadeInPlace)
  }
  @Test(arguments: backends) func deleteListsWhatDependsOnTheRow(_ backend: EditingFixture.Backend) throws {
    try run(backend, DeleteDependentsChecks.deleteListsWhatDependsOnTheRow)
  }
  @Test(arguments: backends) func membersAreAddedRemovedAndUndone(_ backend: EditingFixture.Backend) throws {
    try run(backend, MembershipChecks.membersAreAddedRemovedAndUndone)
  }
  @Test(arguments: backends) func aNewMemberIsSavedWithItsJoinRowOrNotAtAll(_ backend: EditingFixture.Backend) throws {
    try run(backend, MembershipChecks.aNewMemberIsSavedWithItsJoinRowOrNotAtAll)
  }
  @Test(arguments: backends) func theEditorChangesMembersWithTheRow(
    _ backend: EditingFixture.Backend
  ) throws {
    try run(backend, MembershipChecks.theEditorChangesMembersWithTheRow)
  }
  @Test(arguments: backends) func aNewInvoiceWithThreeLinesIsOneSaveAndOneUndo(
    _ backend: EditingFixture.Backend
  ) throws {
    try run(backend, InlineLinesChecks.aNewInvoiceWithThreeLinesIsOneSaveAndOneUndo)
  }
  @Test(arguments: backends) func aRefusedLineRollsBackEverythingAndKeepsTheInput(
    _ backend: EditingFixture.Backend
  ) throws {
    try run(backend, InlineLinesChecks.aRefusedLineRollsBackEverythingAndKeepsTheInput)
  }
  @Test(arguments: backends) func linesOfAStoredInvoiceAreChangedAddedAndRemoved(
    _ backend: EditingFixture.Backend
  ) throws {
    try run(backend, InlineLinesChecks.linesOfAStoredInvoiceAreChangedAddedAndRemoved)
  }
  @Test(arguments: backends) func aNewRowFromAChooserIsSavedWithItsParent(_ backend: EditingFixture.Backend) throws {
    try run(backend, NestedNewRowChecks.aNewRowFromAChooserIsSavedWithItsParent)
  }
  @Test(arguments: backends) func aFailedSaveWritesNeitherAndKeepsTheInput(_ backend: EditingFixture.Backend) throws {
    try run(backend, NestedNewRowChecks.aFailedSaveWritesNeitherAndKeepsTheInput)
  }
  @Test(arguments: backends) func viewsFollowTheirTables(_ backend: EditingFixture.Backend) throws {
    try run(backend, FollowChecks.viewsFollowTheirTables)
  }
  @Test(arguments: backends) func editSeesItsRowRenamedAndDeleted(_ backend: EditingFixture.Backend) throws {
    try run(backend, FollowChecks.editSeesItsRowRenamedAndDeleted)
  }
  @Test(arguments: backends) func aRefusedRedoNamesTheRowAsItIs(_ backend: EditingFixture.Backend) throws {
    try run(backend, JournalChecks.aRefusedRedoNamesTheRowAsItIs)
  }
  @Test(arguments: backends) func aSaveCountsEachEntityOnce(_ backend: EditingFixture.Backend) throws {
    try run(backend, SaveCountChecks.aSaveCountsEachEntityOnce)
  }
  @Test(arguments: backends) func followingCanBeTurnedOff(_ backend: EditingFixture.Backend) throws {
    try run(backend, FollowChecks.followingCanBeTurnedOff)
  }
}
