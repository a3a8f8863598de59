import Access
@testable import DirectToTerminal
import Qualifiers
import TerminalCore
import Testing
import Widgets

/// The select page and the edit page it serves, driven without a terminal or database.
@Suite struct SelectAndEditFeatureTests {
  let session = Session.fake(model: FeatureFixture.model)
  let chooser = SelectRequest(
    page: PageID(7), propertyKey: "originalLanguage", allowsNull: true, destinationKeys: ["id"])

  func selectPage() throws -> PageStore<SelectFeature> {
    let store = try PageStore<SelectFeature>(
      PageRequest(task: .select, entityName: "Language", crumb: "Choose Language", detail: chooser),
      session: session)
    #expect(
      store.pendingWork.first
        == .fetch(
          FetchSpecification(
            entityName: "Language", keyPaths: ["id", "name"], limit: 100)), "the languages, with their key")
    let page = FetchResult(
      rows: [FeatureFixture.language(1, "English"), FeatureFixture.language(2, "French")], sortKey: ["id"])
    store.complete(.fetched(.success(page))) {
      $0.list.inFlight = nil
      $0.list.loadingSince = nil
      $0.list.window = RowWindow(rows: page.rows, sortKey: ["id"], firstFromStart: 0, lastFromEnd: 0)
      $0.list.total = .exact(2)
      $0.list.fittedWidths = [3, 7]
    }
    store.skipPendingWork()  // the count, not under test here
    return store
  }

  @Test func enterSendsTheChosenRowToTheEditorAndCloses() throws {
    let store = try selectPage()
    store.send(.list(.navigate(.down))) {
      $0.list.cursor = .fromStart(1)
      $0.list.cursorLine = 1
    }
    let effect = store.send(.choose)
    #expect(
      effect.commands == [
        .deliver(
          .chosen(propertyKey: "originalLanguage", entityName: "Language", row: FeatureFixture.language(2, "French")),
          to: PageID(7)),
        .close(PageID(1)),
      ])
  }

  @Test func ctrlNClearsANullableToOneAndEscChangesNothing() throws {
    let store = try selectPage()
    #expect(SelectFeature.action(for: .ctrl("n"), store.state, in: session) == .clear)
    #expect(
      store.send(.clear).commands == [
        .deliver(.chosen(propertyKey: "originalLanguage", entityName: "Language", row: nil), to: PageID(7)),
        .close(PageID(1)),
      ])
    #expect(SelectFeature.action(for: KeyEvent(.escape), store.state, in: session) == .cancel)
    #expect(store.send(.cancel).commands == [.close(PageID(1))])
  }

  @Test func aMandatoryToOneCannotBeCleared() throws {
    var mandatory = chooser
    mandatory.allowsNull = false
    let store = try PageStore<SelectFeature>(
      PageRequest(task: .select, entityName: "Language", detail: mandatory), session: session)
    #expect(SelectFeature.action(for: .ctrl("n"), store.state, in: session) == nil)
    #expect(!SelectFeature.keyMap(store.state, in: session).shownHints.contains { $0.description == "Clear (∅)" })
    store.skipPendingWork()  // the work this test starts but does not look at
  }

  @Test func theEditorTakesTheChoiceIntoTheForeignKey() throws {
    let store = try PageStore<EditFeature>(PageRequest(task: .edit, entityName: "Film"), session: session)
    let index = try #require(store.state.fields.firstIndex { $0.propertyKey == "language" })
    store.send(
      .message(.chosen(propertyKey: "language", entityName: "Language", row: FeatureFixture.language(2, "French")))
    ) {
      $0.fields[index].joinValues = ["languageId": .integer(2)]
      $0.fields[index].value = .integer(2)
      $0.fields[index].title = "French"
      $0.fields[index].isDirty = true
      $0.focus = index
    }
    let change = EditFeature.change(for: store.state, entity: try #require(session.model[entity: "Film"]))
    #expect(change == .insert(entity: "Film", values: ["languageId": .integer(2)]))
  }

  @Test func enterOnAToOneOpensTheSelectPageForIt() throws {
    let store = try PageStore<EditFeature>(PageRequest(task: .edit, entityName: "Film"), session: session)
    let index = try #require(store.state.fields.firstIndex { $0.propertyKey == "originalLanguage" })
    for _ in 0..<index { store.send(.nextField) { $0.focus += 1 } }
    #expect(EditFeature.action(for: KeyEvent(.enter), store.state, in: session) == .activate)
    #expect(
      store.send(.activate).commands == [
        .open(
          PageRequest(
            task: .select, entityName: "Language", crumb: "Choose Language",
            detail: SelectRequest(
              page: PageID(1), propertyKey: "originalLanguage", allowsNull: true, destinationKeys: ["id"],
              allowsNew: true)),
          from: PageID(1))
      ])
  }

  @Test func keysAreDataTypedCharactersGoToTheFieldNotTheApp() throws {
    let store = try PageStore<EditFeature>(PageRequest(task: .edit, entityName: "Film"), session: session)
    #expect(EditFeature.action(for: .char("q"), store.state, in: session) == .fieldKey(.char("q")))
    #expect(EditFeature.action(for: .ctrl("s"), store.state, in: session) == .save)
    #expect(EditFeature.action(for: KeyEvent(.escape), store.state, in: session) == .close(quitAfter: false))
  }

  /// A row's key where the entity's key names a column twice: the column once (building
  /// the dictionary trapped on the repeat).
  @Test func aKeyNamingAColumnTwiceKeysARowByItOnce() {
    let entity = Entity(
      name: "Mark", table: "mark", attributes: [Attribute(name: "a", column: "a", valueType: .integer(bits: 64))],
      primaryKey: ["a", "a"])
    #expect(entity.key(of: Row(columns: ["a"], values: [.integer(1)])) == ["a": .integer(1)])
  }

  /// The rating picker's first letter: `p` selects PG, and a letter whose uppercase is
  /// several characters (`ß` is `SS`, `ﬁ`, `ŉ`) selects nothing (it trapped making one
  /// `Character` of it).
  @Test func theRatingPickerIgnoresALetterWhoseUppercaseIsSeveral() {
    let context = EditContext(attribute: nil, choices: [], isNullable: true)
    var value = DatabaseValue.null
    #expect(RatingPicker().handle(.char("p"), value: &value, context: context))
    #expect(value == .text("PG"))
    for letter: Character in ["ß", "ﬁ", "ŉ"] {
      #expect(!RatingPicker().handle(.char(letter), value: &value, context: context), "\(letter)")
      #expect(value == .text("PG"))
    }
  }
}
