import Access
import CustomDump
@testable import DirectToTerminal
import Foundation
import Rules
import Testing

/// Drives one page feature without a terminal or a database, in the style of TCA's
/// `TestStore`, exhaustively: each `send` applies an action and checks the exact state
/// change the test describes (any other difference fails with a diff) and returns the
/// effects it asked for; `complete` feeds a database result back as the action the effect
/// named; a cancel drops the work it cancels; `receiveDelayed` applies an `.after` action.
/// When the store goes away, database work still pending and delayed actions never
/// received fail the test, unless the test said it leaves them (`skipPendingWork`).
final class PageStore<F: PageFeature> {
  var state: F.State
  let session: Session
  /// Database work asked for and not completed yet, oldest first.
  var pending: [(work: Work, lane: Lane, reply: @Sendable (WorkOutput) -> F.Action)] = []
  /// Actions asked for after a delay and not received yet.
  var delayed: [(delay: Duration, action: F.Action)] = []
  var commands: [AppCommand] = []
  var dialogs: [DialogRequest<F.Action>] = []
  /// The lanes cancelled, in order.
  var cancelled: [Lane] = []
  private let opened: SourceLocation

  init(_ request: PageRequest, session: Session, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let (state, effect) = try F.open(request, id: PageID(1), in: session)
    self.state = state
    self.session = session
    opened = sourceLocation
    record(effect)
  }

  deinit {
    if !pending.isEmpty {
      let work = pending.map { "\($0.work)" }.joined(separator: "; ")
      Issue.record(
        Comment(
          rawValue: "database work still pending when the test ended (complete it, or skipPendingWork()): \(work)"),
        sourceLocation: opened)
    }
    if !delayed.isEmpty {
      let actions = delayed.map { "\($0.action)" }.joined(separator: "; ")
      Issue.record(Comment(rawValue: "delayed actions never received: \(actions)"), sourceLocation: opened)
    }
  }

  /// Applies `action`; `expected` changes a copy of the previous state into what the state
  /// must be now.
  @discardableResult
  func send(
    _ action: F.Action, _ expected: (inout F.State) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Effect<F.Action> {
    var wanted = state
    expected(&wanted)
    let effect = F.update(&state, action, in: session)
    if let difference = diff(wanted, state) {
      Issue.record(
        "state differs from what the test expects (− expected, + actual):\n\(difference)",
        sourceLocation: sourceLocation)
    }
    record(effect)
    for sent in effect.sent { send(sent, { _ = $0 }, sourceLocation: sourceLocation) }
    return effect
  }

  /// The oldest pending work, answered with `output`, applied as the action it names.
  @discardableResult
  func complete(
    _ output: WorkOutput, _ expected: (inout F.State) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Effect<F.Action> {
    guard !pending.isEmpty else {
      Issue.record("no database work is pending", sourceLocation: sourceLocation)
      return .none
    }
    let next = pending.removeFirst()
    return send(next.reply(output), expected, sourceLocation: sourceLocation)
  }

  /// The oldest delayed action, applied as if its time had come.
  @discardableResult
  func receiveDelayed(
    _ action: F.Action, _ expected: (inout F.State) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Effect<F.Action> {
    guard !delayed.isEmpty else {
      Issue.record("no delayed action is waiting", sourceLocation: sourceLocation)
      return .none
    }
    let next = delayed.removeFirst()
    if next.action != action {
      Issue.record("the delayed action is \(next.action), not \(action)", sourceLocation: sourceLocation)
    }
    return send(next.action, expected, sourceLocation: sourceLocation)
  }

  /// The test leaves the pending database work unanswered, on purpose.
  func skipPendingWork() { pending.removeAll() }

  /// The work still pending, for exact assertions.
  var pendingWork: [Work] { pending.map(\.work) }

  private func record(_ effect: Effect<F.Action>) {
    for item in effect.items {
      switch item {
      case .work(let work, let lane, let reply): pending.append((work, lane, reply))
      case .command(let command): commands.append(command)
      case .confirm(let dialog): dialogs.append(dialog)
      case .cancel(let lane):
        // The runtime answers cancelled work too: it stays pending for the test to complete
        // with a cancelled result, or to skip.
        cancelled.append(lane)
      case .after(let delay, let action): delayed.append((delay, action))
      case .send: break
      }
    }
  }
}

extension WorkOutput {
  /// A console step's result as the worker delivers it.
  static func console(_ result: Result<ConsoleBatch, DatabaseError>) -> WorkOutput {
    .ran(result.map { $0 as any Sendable }.mapError { WorkError($0) })
  }
}

extension Session {
  /// A session on a model with no database: the default rules plus `rules`.
  static func fake(model: Model, rules: String = "") -> Session {
    var loader = RuleLoader(registry: .d2t)
    _ = loader.load(rules.isEmpty ? [] : [RuleFile(name: "test.rules", text: rules)])
    return Session(
      rules: RuleEnvironment(rules: loader.model, model: model, user: nil, debug: false),
      registry: .standard, theme: .builtinDefault, readOnly: false, databaseTitle: "Test",
      dialect: .sqlite, now: ContinuousClock().now, date: Date(timeIntervalSince1970: 0))
  }
}

/// Small models for feature tests: `item(id, name)` with 1,000 rows in the tests' minds,
/// and Sakila's film and language.
enum FeatureFixture {
  static let int = ValueType.integer(bits: 32)
  static let text = ValueType.text(maxLength: nil, isFixedWidth: false)

  static func column(_ name: String, _ type: ValueType, null: Bool = false) -> ColumnInfo {
    ColumnInfo(name: name, declaredType: type.name, valueType: type, isNullable: null)
  }

  static let model = ModelBuilder.model(
    from: Catalog(tables: [
      TableInfo(name: "item", columns: [column("id", int), column("name", text)], primaryKey: ["id"]),
      TableInfo(
        name: "language", columns: [column("language_id", int), column("name", text)],
        primaryKey: ["language_id"]),
      TableInfo(
        name: "film",
        columns: [
          column("film_id", int), column("title", text), column("language_id", int),
          column("original_language_id", int, null: true),
        ],
        primaryKey: ["film_id"],
        foreignKeys: [
          ForeignKeyInfo(columns: ["language_id"], destinationTable: "language", destinationColumns: ["language_id"]),
          ForeignKeyInfo(
            columns: ["original_language_id"], destinationTable: "language", destinationColumns: ["language_id"]),
        ]),
    ]))

  /// Items `range` as a fetched page, ordered by id.
  static func items(_ range: ClosedRange<Int>) -> FetchResult {
    FetchResult(
      rows: range.map { Row(columns: ["id", "name"], values: [.integer(Int64($0)), .text("item \($0)")]) },
      sortKey: ["id"])
  }

  static func language(_ id: Int, _ name: String) -> Row {
    Row(columns: ["id", "name"], values: [.integer(Int64(id)), .text(name)])
  }
}
