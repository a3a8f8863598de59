import Access

/// What an `update` wants done, as a value: database work with the action its result
/// becomes, a cancellation, a timer, or a command to the app (open a page, close one,
/// show a banner…). The runtime performs effects off the UI thread and feeds each result
/// back through `update`, tagged with the page that asked.
///
///     return .fetch(spec) { .rowsArrived(request, $0) }
///       .merge(.command(.banner(.success, "Saved")))
public struct Effect<Action: Sendable>: Sendable {
  /// One thing to do.
  public enum Item: Sendable {
    /// Database work; `reply` turns its output into the page's next action.
    case work(Work, Lane, reply: @Sendable (WorkOutput) -> Action)
    /// Interrupts the statement running for this page on a lane.
    case cancel(Lane)
    /// A command to the app (navigation, banners, dialogs…).
    case command(AppCommand)
    /// An action to apply right after this one.
    case send(Action)
    /// An action to apply after a delay.
    case after(Duration, Action)
    /// A modal question whose pressed button's choice comes back as an action.
    case confirm(DialogRequest<Action>)
  }

  public var items: [Item]

  public init(_ items: [Item] = []) { self.items = items }

  public static var none: Effect { Effect() }

  /// A page of rows (foreground: Esc cancels it).
  public static func fetch(
    _ spec: FetchSpecification, lane: Lane = .foreground,
    _ reply: @escaping @Sendable (Result<FetchResult, WorkError>) -> Action
  ) -> Effect {
    Effect([.work(.fetch(spec), lane, reply: { output in reply(output.fetched) })])
  }

  /// A row count (background: never holds up a page).
  public static func count(
    _ spec: FetchSpecification, _ reply: @escaping @Sendable (Result<Int, WorkError>) -> Action
  ) -> Effect {
    Effect([.work(.count(spec), .background, reply: { output in reply(output.counted) })])
  }

  /// Changes applied in one transaction; `acceptingWarnings`: the user confirmed storing what
  /// the server warned it would change (`Database.apply`).
  public static func apply(
    _ changes: [Change], acceptingWarnings: Bool = false,
    _ reply: @escaping @Sendable (Result<[ChangeOutcome], SaveFailure>) -> Action
  ) -> Effect {
    Effect([
      .work(
        .apply(changes, acceptingWarnings: acceptingWarnings), .foreground,
        reply: { output in reply(output.applied) })
    ])
  }

  /// The change token of a pane's rows (following the database; background lane unless
  /// `FollowState.lane` says otherwise).
  public static func probe(
    _ entityName: String, keys: [[String: DatabaseValue]], related: [String] = [], lane: Lane = .background,
    _ reply: @escaping @Sendable (Result<String, WorkError>) -> Action
  ) -> Effect {
    Effect([
      .work(
        .probe(entityName: entityName, keys: keys, related: related), lane, reply: { output in reply(output.probed) })
    ])
  }

  /// Database work of the page's own (`RunWork`): `body` runs on `lane` with its
  /// connection; what it returns, or sends before (`WorkContext.send`), comes back through
  /// `reply`, and so does what it throws.
  public static func run<Output: Sendable, Value: Hashable & Sendable>(
    _ label: String, of value: Value, lane: Lane = .foreground,
    _ body: @escaping @Sendable (WorkContext) throws -> Output,
    reply: @escaping @Sendable (Result<Output, WorkError>) -> Action
  ) -> Effect {
    let work = RunWork(label, of: value) { try body($0) }
    return Effect([
      .work(
        .run(work), lane,
        reply: { output in
          switch output {
          case .ran(.success(let value as Output)): return reply(.success(value))
          case .ran(.failure(let error)): return reply(.failure(error))
          default: return reply(.failure(WorkError(message: "unexpected result for \(work.label)", isCancelled: false)))
          }
        })
    ])
  }

  public static func command(_ command: AppCommand) -> Effect { Effect([.command(command)]) }
  public static func confirm(_ dialog: DialogRequest<Action>) -> Effect { Effect([.confirm(dialog)]) }
  public static func send(_ action: Action) -> Effect { Effect([.send(action)]) }
  public static func cancel(_ lane: Lane) -> Effect { Effect([.cancel(lane)]) }

  /// Both effects, this one's first.
  public func merge(_ other: Effect) -> Effect { Effect(items + other.items) }

  public static func batch(_ effects: [Effect]) -> Effect { Effect(effects.flatMap(\.items)) }

  /// The same effect for a containing feature's actions (a page that embeds another).
  public func map<Other: Sendable>(_ transform: @escaping @Sendable (Action) -> Other) -> Effect<Other> {
    Effect<Other>(
      items.map { item in
        switch item {
        case .work(let work, let lane, let reply): return .work(work, lane, reply: { transform(reply($0)) })
        case .cancel(let lane): return .cancel(lane)
        case .command(let command): return .command(command)
        case .send(let action): return .send(transform(action))
        case .after(let delay, let action): return .after(delay, transform(action))
        case .confirm(let dialog): return .confirm(dialog.map(transform))
        }
      })
  }

  /// The database work asked for, in order (for tests).
  public var works: [Work] {
    items.compactMap { if case .work(let work, _, _) = $0 { work } else { nil } }
  }

  /// The app commands asked for, in order (for tests).
  public var commands: [AppCommand] {
    items.compactMap { if case .command(let command) = $0 { command } else { nil } }
  }

  /// Actions to apply at once, in order.
  public var sent: [Action] {
    items.compactMap { if case .send(let action) = $0 { action } else { nil } }
  }

  /// The questions asked (for tests).
  public var dialogs: [DialogRequest<Action>] {
    items.compactMap { if case .confirm(let dialog) = $0 { dialog } else { nil } }
  }

  public var isEmpty: Bool { items.isEmpty }
}

/// Which database connection work runs on.
public enum Lane: Hashable, Sendable {
  /// Pages and rows the user waits for; Esc cancels them.
  case foreground
  /// Counts and other work nobody waits for, on a second connection.
  case background
  /// A third connection that keeps state between jobs: the SQL console's open cursor and
  /// transaction, and exports (long work that must not hold up pages).
  case console
}

/// Database work, described as a value so tests can assert it.
public enum Work: Hashable, Sendable {
  case fetch(FetchSpecification)
  case count(FetchSpecification)
  case apply([Change], acceptingWarnings: Bool = false)
  /// `Database.changeToken`: has anything the pane shows changed? `related`: the other
  /// entities whose rows it shows (`Model.entitiesReached`).
  case probe(entityName: String, keys: [[String: DatabaseValue]], related: [String] = [])
  /// Work of a page's own (the console's steps, an export…).
  case run(RunWork)
}

/// What database work produced.
public enum WorkOutput: Sendable {
  case fetched(Result<FetchResult, WorkError>)
  case counted(Result<Int, WorkError>)
  case applied(Result<[ChangeOutcome], SaveFailure>)
  case probed(Result<String, WorkError>)
  /// What a `RunWork` returned, sent or threw.
  case ran(Result<any Sendable, WorkError>)

  var fetched: Result<FetchResult, WorkError> {
    if case .fetched(let result) = self { return result }
    return .failure(WorkError(message: "unexpected result", isCancelled: false))
  }

  var counted: Result<Int, WorkError> {
    if case .counted(let result) = self { return result }
    return .failure(WorkError(message: "unexpected result", isCancelled: false))
  }

  var probed: Result<String, WorkError> {
    if case .probed(let result) = self { return result }
    return .failure(WorkError(message: "unexpected result", isCancelled: false))
  }

  var applied: Result<[ChangeOutcome], SaveFailure> {
    if case .applied(let result) = self { return result }
    return .failure(.other("unexpected result"))
  }
}

/// Why a job failed, in words; `isCancelled` when the user cancelled it.
public struct WorkError: Error, Hashable, Sendable {
  public var message: String
  public var isCancelled: Bool
  public var isConnectionLost: Bool = false
  /// The database's own error, when it was one (its code and position).
  public var databaseError: DatabaseError?

  public init(message: String, isCancelled: Bool) {
    self.message = message
    self.isCancelled = isCancelled
  }

  public init(_ error: any Error) {
    if let error = error as? WorkError {
      self = error
    } else if let error = error as? DatabaseError {
      message = error.message
      isCancelled = error.kind == .cancelled
      isConnectionLost = error.kind == .connectionLost
      databaseError = error
    } else {
      message = String(describing: error)
      isCancelled = false
    }
  }
}

/// Why a change was not saved: someone else changed the row, or the database refused.
public enum SaveFailure: Error, Hashable, Sendable {
  case conflict(Conflict)
  case refused(DatabaseError)
  case other(String)

  public init(_ error: any Error) {
    if let conflict = error as? Conflict {
      self = .conflict(conflict)
    } else if let error = error as? DatabaseError {
      self = .refused(error)
    } else {
      self = .other(String(describing: error))
    }
  }
}
