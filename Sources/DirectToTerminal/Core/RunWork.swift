import Access
import Synchronization

/// Database work of a page's own, described as a value: what it is (`label` and `value`,
/// what tests assert) and the body the worker runs with its lane's connection. A new page
/// with database work of its own writes it in its own folder; nothing in the runtime or the
/// worker knows it.
///
///     return .run("summary", of: column, lane: .background, { context in
///       try context.database.withChannel { try Summary.compute(column, on: $0) }
///     }) { .summarised($0) }
public struct RunWork: Hashable, Sendable {
  /// What the work is, in words.
  public let label: String
  /// What the work is, as a value (equal work is equal values).
  public let value: PageRequestDetail
  let body: @Sendable (WorkContext) throws -> any Sendable

  public init<Value: Hashable & Sendable>(
    _ label: String, of value: Value, body: @escaping @Sendable (WorkContext) throws -> any Sendable
  ) {
    self.label = label
    self.value = PageRequestDetail(value)
    self.body = body
  }

  public static func == (a: RunWork, b: RunWork) -> Bool { a.label == b.label && a.value == b.value }
  public func hash(into hasher: inout Hasher) {
    hasher.combine(label)
    hasher.combine(value)
  }
}

/// What a `RunWork` body gets: the lane's connection, the page it runs for, whether it was
/// cancelled, a way to send results before the last (progress), and objects that live on
/// the lane between jobs (a console's open cursor).
public struct WorkContext: Sendable {
  /// The lane's connection: the pages' (foreground), the counts' (background); the console
  /// lane has none of its own: its resources open theirs with `openConnection()`.
  public let database: Database
  /// The page the work is for.
  public let page: PageID?
  let cancelled: @Sendable () -> Bool
  let sendOutput: @Sendable (any Sendable) -> Void
  let resources: LaneResources

  /// The page cancelled the work (Esc, a new search, the page closed).
  public var isCancelled: Bool { cancelled() }

  /// Sends a result before the last one (an export's progress); the page gets it through
  /// the same reply as the result.
  public func send(_ output: any Sendable) { sendOutput(output) }

  /// The lane's object of this type, made by `make` on first use and kept between jobs;
  /// the worker cancels it with the lane, tells it when a page goes, and reconnects its
  /// connection after a loss.
  public func resource<Resource: LaneResource>(_ type: Resource.Type, make: () -> Resource) -> Resource {
    resources.resource(type, make: make)
  }

  /// A new connection to the same database (no catalog read), for long work of its own.
  public func openConnection() throws -> Database {
    try connectionOpener()
  }

  /// Opens connections like `database`'s: what a lane resource keeps to open its own
  /// later (it must not keep the context, which holds the resources: a cycle).
  public var connectionOpener: @Sendable () throws -> Database {
    { [database] in try Self.openConnection(like: database) }
  }

  private static func openConnection(like database: Database) throws -> Database {
    try Database(adaptor: database.adaptor, model: database.model)
  }
}

/// An object a lane keeps between jobs (a console's cursor on its own connection).
public protocol LaneResource: AnyObject, Sendable {
  /// Interrupts what runs on it.
  func cancel()
  /// A page went away: what it held ends (an open transaction is rolled back).
  func release(_ page: PageID)
  /// Its connection once opened, to reconnect after a loss.
  var openDatabase: Database? { get }
  /// Someone else is about to use the app (a login, a logout): whatever the resource keeps
  /// of the last user's work — a connection with its temporary tables, settings and role —
  /// ends, and the next use opens afresh.
  func closeForNextUser()
}

/// The lane resources of a worker, by type.
final class LaneResources: Sendable {
  private let byType = Mutex<[ObjectIdentifier: any LaneResource]>([:])

  func resource<Resource: LaneResource>(_ type: Resource.Type, make: () -> Resource) -> Resource {
    if let found = byType.withLock({ $0[ObjectIdentifier(type)] }) as? Resource { return found }
    let made = make()
    byType.withLock { $0[ObjectIdentifier(type)] = made }
    return made
  }

  var all: [any LaneResource] { byType.withLock { Array($0.values) } }
}
