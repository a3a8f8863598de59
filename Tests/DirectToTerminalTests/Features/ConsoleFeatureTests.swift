import Access
@testable import DirectToTerminal
import History
import TerminalCore
import Testing
import Widgets

/// The console page's state and effects, without a database: what runs how, the questions
/// asked, the steps asked of the console lane.
@Suite struct ConsoleFeatureTests {
  static func store(readOnly: Bool = false, history: [String] = []) throws -> PageStore<ConsoleFeature> {
    var session = Session.fake(model: FeatureFixture.model)
    session.readOnly = readOnly
    for text in history { session.history.add(text, kind: .statement) }
    return try PageStore(PageRequest(task: .console), session: session)
  }

  static func rows(_ range: Range<Int>) -> [Row] {
    range.map { Row(columns: ["id", "name"], values: [.integer(Int64($0 + 1)), .text("item \($0 + 1)")]) }
  }

  /// Types `sql` into the editor and runs it as a query (read only).
  static func typeAndRun(_ sql: String, _ store: PageStore<ConsoleFeature>) {
    store.send(.paste(sql)) { $0.editor.paste(sql) }
    store.send(.run) {
      $0.statement = ConsoleStatement(text: sql)
      $0.ran = SQLStatement(sql)
      $0.loading = .run(sql: sql, mode: .readOnly, count: 200)
    }
  }

  static let columns = [
    ResultColumn(name: "id", typeName: "integer", valueType: nil),
    ResultColumn(name: "name", typeName: "text", valueType: nil),
  ]

  @Test func aQueryRunsInAReadOnlyTransactionAndIsRemembered() throws {
    let store = try Self.store()
    Self.typeAndRun("select * from item", store)
    #expect(store.pendingWork == [ConsoleWork.run(sql: "select * from item", mode: .readOnly, count: 200).work])
    #expect(store.commands == [.remember("select * from item", .statement)])
    store.complete(.console(.success(ConsoleBatch(columns: Self.columns, rows: Self.rows(0..<200), isDone: false)))) {
      $0.loading = nil
      $0.columns = Self.columns
      $0.columnOrder = [0, 1]
      $0.orderedNames = ["id", "name"]
      $0.window = Self.rows(0..<200)
      $0.table.rows.selected = 0
      $0.focus = .results
    }
    store.send(.navigate(.bottom)) { $0.loading = .readToEnd(keep: 500) }
    #expect(store.pendingWork == [ConsoleWork.readToEnd(keep: 500).work], "G reads on, keeping only the last rows")
    store.complete(
      .console(
        .success(
          ConsoleBatch(
            columns: Self.columns, start: 999_500, rows: Self.rows(999_500..<1_000_000), isDone: true,
            rowCount: 1_000_000)))
    ) {
      $0.loading = nil
      $0.window = Self.rows(999_500..<1_000_000)
      $0.windowStart = 999_500
      $0.rowCount = 1_000_000
      $0.table.rows.selected = 999_999
      $0.table.rows.offset = 999_999 - $0.visibleRows + 1
    }
    store.send(.navigate(.top)) {
      $0.table.rows.selected = 0
      $0.table.rows.offset = 0
      $0.loading = .read(start: 0, count: 500)
    }
    #expect(store.pendingWork == [ConsoleWork.read(start: 0, count: 500).work], "rows passed are read again")
    store.skipPendingWork()  // the work this test starts but does not look at
  }

  @Test func aChangeAsksThenRunsInATransactionAndAsksCommitOrRollback() throws {
    let store = try Self.store()
    let sql = "update item set name = 'x'"
    store.send(.paste(sql)) { $0.editor.paste(sql) }
    store.send(.run)
    #expect(store.pendingWork.isEmpty, "nothing runs before the answer")
    let question = try #require(store.dialogs.last)
    #expect(question.title == "Change data?")
    #expect(question.buttons.map(\.label) == ["Run", "Cancel"] && question.defaultButton == 1)
    #expect(question.buttons[0].choice == .confirmed(sql: sql))
    store.send(.confirmed(sql: sql)) {
      $0.statement = ConsoleStatement(text: sql)
      $0.ran = SQLStatement(sql)
      $0.mode = .openTransaction
      $0.loading = .run(sql: sql, mode: .openTransaction, count: 200)
    }
    store.complete(.console(.success(ConsoleBatch(isDone: true, rowCount: 0, rowsAffected: 3, transactionOpen: true))))
    {
      $0.loading = nil
      $0.transactionOpen = true
      $0.rowCount = 0
      $0.rowsAffected = 3
      $0.message = "3 rows affected"
    }
    let commit = try #require(store.dialogs.last)
    #expect(commit.message.contains("3 rows affected") && commit.buttons.map(\.label) == ["Commit", "Rollback"])
    #expect(commit.defaultButton == 1, "Rollback is the safe default")
    store.send(.finish(commit: true)) { $0.loading = .commit }
    store.complete(.console(.success(ConsoleBatch(ended: "Committed")))) {
      $0.loading = nil
      $0.transactionOpen = false
      $0.message = "Committed"
    }
    #expect(store.commands.last == .dataChanged, "other pages fetch again after a commit")
  }

  @Test func aReadOnlySessionRunsEveryStatementReadOnlyWithoutAsking() throws {
    let store = try Self.store(readOnly: true)
    Self.typeAndRun("delete from item", store)
    #expect(store.dialogs.isEmpty)
    store.skipPendingWork()  // the work this test starts but does not look at
  }

  @Test func aQueryThatWritesAfterAllIsOfferedAsAChange() throws {
    let store = try Self.store()
    let sql = "select nextval('s')"
    Self.typeAndRun(sql, store)
    store.complete(.console(.failure(DatabaseError(.permission, "read-only transaction", code: "25006")))) {
      $0.loading = nil
      $0.statement = nil
    }
    #expect(store.dialogs.last?.title == "Change data?")
  }

  @Test func anErrorKeepsItsPosition() throws {
    let store = try Self.store()
    Self.typeAndRun("select nme from item", store)
    store.complete(.console(.failure(DatabaseError(.statement, "no such column: nme", position: 7)))) {
      $0.loading = nil
      $0.failure = .init(message: "no such column: nme", sql: "select nme from item", position: 7)
    }
    #expect(ConsoleFeature.locate(7, in: "select nme from item") == ("select nme from item", 1, 7))
    #expect(ConsoleFeature.locate(9, in: "select *\nfrom x") == ("from x", 2, 0))
  }

  @Test func enterOpensARowOfOneTableByItsKey() throws {
    let store = try Self.store()
    let sql = "select * from item where id > 5"
    Self.typeAndRun(sql, store)
    store.complete(
      .console(.success(ConsoleBatch(columns: Self.columns, rows: Self.rows(5..<7), isDone: true, rowCount: 2)))
    ) {
      $0.loading = nil
      $0.columns = Self.columns
      $0.columnOrder = [0, 1]
      $0.orderedNames = ["id", "name"]
      $0.window = Self.rows(5..<7)
      $0.rowCount = 2
      $0.table.rows.selected = 0
      $0.focus = .results
    }
    let effect = store.send(.open)
    guard case .open(let request, _) = effect.commands.first else {
      Issue.record("Enter opens a page: \(effect.commands)")
      return
    }
    #expect(request.task == .inspect && request.entityName == "Item" && request.key == ["id": .integer(6)])
  }

  @Test func historyUpOnTheFirstLineRecallsStatements() throws {
    let store = try Self.store(history: ["select 1", "select 2"])
    store.send(.editorKey(KeyEvent(.up))) {
      $0.editor = TextAreaState("select 2")
      $0.recall = {
        var recall = HistoryRecall(entries: ["select 1", "select 2"])
        _ = recall.previous(current: "")
        return recall
      }()
    }
    store.send(.enter) { _ = $0.editor.handle(KeyEvent(.enter)) }
    #expect(store.pendingWork.isEmpty, "Enter without `;` breaks the line")
  }

  @Test func aBurstTypedDuringCtrlSExtendsTheHistoryQuery() throws {
    let store = try Self.store(history: ["select 1", "select name from item", "select 2"])
    store.send(.paste("sel")) { $0.editor.paste("sel") }
    store.send(.historySearch) {
      $0.reverse = ReverseSearch(entries: ["select 1", "select name from item", "select 2"])
    }
    store.send(.paste("name")) { $0.reverse?.type("name") }
    #expect(store.state.reverse?.match == "select name from item")
    #expect(store.state.editor.text == "sel", "the line behind the search is untouched")
  }

  @Test func ctrlRAndCtrlEnterRunFromEditorAndGrid() throws {
    let store = try Self.store()
    for focus in [ConsoleFeature.Focus.editor, .results] {
      store.state.focus = focus
      #expect(ConsoleFeature.action(for: .ctrl("r"), store.state, in: store.session) == .run)
      #expect(ConsoleFeature.action(for: KeyEvent(.enter, modifiers: .control), store.state, in: store.session) == .run)
    }
    store.state.focus = .editor
    #expect(
      ConsoleFeature.action(for: .char("q"), store.state, in: store.session) == .editorKey(.char("q")), "q is typed")
    #expect(ConsoleFeature.action(for: KeyEvent(.escape), store.state, in: store.session) == nil, "Esc closes")
  }

  @Test func semicolonThenEnterRuns() throws {
    let store = try Self.store()
    store.send(.paste("select 1;")) { $0.editor.paste("select 1;") }
    store.send(.enter) {
      $0.statement = ConsoleStatement(text: "select 1;")
      $0.ran = SQLStatement("select 1;")
      $0.loading = .run(sql: "select 1;", mode: .readOnly, count: 200)
    }
    store.skipPendingWork()  // the work this test starts but does not look at
  }

  @Test(arguments: [
    ("select * from item", true), ("  -- note\nSELECT 1", true), ("with x as (select 1) select * from x", true),
    ("explain select 1", true), ("explain analyze delete from item", false), ("values (1)", true),
    ("update item set name = 'select'", false), ("with d as (delete from item returning *) select * from d", false),
    ("select * into copy from item", false), ("pragma table_info(item)", true), ("create table t (a int)", false),
    ("select 'update' from item", true),
  ])
  func statementsThatOnlyRead(_ sql: String, _ readOnly: Bool) {
    #expect(ConsoleStatement(text: sql).looksReadOnly == readOnly, "\(sql)")
  }

  @Test func onlySimpleOneTableQueriesHaveATable() {
    #expect(ConsoleStatement(text: "select * from item where id > 5 order by id").singleTable?.table == "item")
    #expect(ConsoleStatement(text: "select id from \"Odd Name\" limit 3").singleTable?.table == "Odd Name")
    #expect(ConsoleStatement(text: "select * from public.item i where i.id = 1").singleTable?.schema == "public")
    for sql in [
      "select * from item join film on true", "select * from item, film", "select count(*) from item group by name",
      "select distinct name from item", "select * from (select * from item) x", "select 1",
    ] {
      #expect(ConsoleStatement(text: sql).singleTable == nil, "\(sql)")
    }
  }
}
