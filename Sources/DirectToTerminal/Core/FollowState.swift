import Access

/// How a page follows the database (issue #15): the keys it probed last and the change
/// token they gave, whether a probe is out, and which rows refreshes changed (marked
/// for `markDuration` each). A probe with other keys (the user scrolled) only sets a new
/// baseline; the same keys with another token mean someone changed what the page shows.
public struct FollowState: Equatable, Sendable {
  var keys: [[String: DatabaseValue]] = []
  var token: String?
  var isProbing = false
  /// The lane of the probe out: a cancel of that lane drops it, and no answer comes.
  var probeLane = Lane.background
  /// The baseline has no row versions (a list's rows were not known before its first
  /// fetch) and PostgreSQL publishes change counters late: the first check with rows
  /// fetches the window once more, so a change right after the first fetch is not missed.
  var refreshesOnFirstRows = false
  /// A refresh is on its way: the rows shown stay until the new ones arrive.
  var isRefreshing = false
  /// The rows marked as changed, each with when it changed: a later refresh (another
  /// client's next statement, say a delete) adds to them and does not wipe a mark that
  /// is still fresh.
  var changedKeys: [[String: DatabaseValue]: ContinuousClock.Instant] = [:]

  /// How long a changed row stays marked.
  static let markDuration = Duration.seconds(3)

  /// Equal when what a page shows of it is: the rows marked as changed and a refresh on its
  /// way. The probe's bookkeeping (keys, token, a probe out) never shows, so a follow check
  /// that finds nothing new leaves the app's state equal and draws no frame (issue 28 item 4).
  public static func == (a: FollowState, b: FollowState) -> Bool {
    a.changedKeys == b.changedKeys && a.isRefreshing == b.isRefreshing
  }

  /// Whether to probe now (no probe out, no refresh pending); marks the probe as out.
  mutating func startProbe(on lane: Lane = .background) -> Bool {
    guard !isProbing, !isRefreshing else { return false }
    isProbing = true
    probeLane = lane
    return true
  }

  /// The page's work on `lane` was cancelled: a probe queued there will not answer.
  mutating func cancelled(_ lane: Lane) {
    if probeLane == lane { isProbing = false }
  }

  /// The lane of a page's probes: on SQLite the page's own connection (`PRAGMA
  /// data_version` compares only within one connection), on PostgreSQL the background one
  /// (change counters and row versions read the same on every connection).
  static func lane(for dialect: SQLDialect) -> Lane { dialect == .sqlite ? .foreground : .background }

  /// The first check, taken with the page's first fetch: queued on the fetch's lane just
  /// before it, so whatever is committed after the fetch read the rows differs from it — no
  /// window between the first fetch and the first follow check where a change could be
  /// missed. `.none` when following is off or there is a baseline already.
  mutating func baseline<Action: Sendable>(
    _ entityName: String, keys: [[String: DatabaseValue]], related: [String] = [], lane: Lane = .foreground,
    in session: Session, _ reply: @escaping @Sendable (Result<String, WorkError>) -> Action
  ) -> Effect<Action> {
    guard session.followsData, token == nil, startProbe(on: lane) else { return .none }
    return .probe(entityName, keys: keys, related: related, lane: lane, reply)
  }

  /// A probe's answer; true when what the page shows changed since the last probe. A token
  /// is `table|rows`: the table part (SQLite's data version, PostgreSQL's change counters)
  /// is compared whatever rows are on screen, the rows part (their versions) only when the
  /// same rows were probed — so a change that lands while the user scrolls is not missed.
  mutating func probed(keys: [[String: DatabaseValue]], _ result: Result<String, WorkError>) -> Bool {
    isProbing = false
    guard case .success(let token) = result else { return false }
    defer {
      self.keys = keys
      self.token = token
    }
    guard let old = self.token else { return false }
    if refreshesOnFirstRows, !keys.isEmpty {
      refreshesOnFirstRows = false
      return true
    }
    let (oldTable, oldRows) = Self.parts(old)
    let (newTable, newRows) = Self.parts(token)
    return oldTable != newTable || (self.keys == keys && oldRows != newRows)
  }

  /// A new baseline is on its way on `lane` (after the app's own write), whatever check
  /// was out: that one's answer is the caller's to drop.
  mutating func startRebaseline(on lane: Lane) {
    isProbing = true
    probeLane = lane
  }

  /// The answer of a check taken as a new baseline (after the app's own write, whose
  /// effects are fetched anyway): no comparison, the token is kept for the next check. A
  /// failed one keeps the old baseline, so the next check errs on the side of a refresh.
  mutating func rebaselined(_ result: Result<String, WorkError>) {
    isProbing = false
    if case .success(let token) = result { self.token = token }
  }

  static func parts(_ token: String) -> (table: Substring, rows: Substring) {
    guard let bar = token.firstIndex(of: "|") else { return (token[...], "") }
    return (token[..<bar], token[token.index(after: bar)...])
  }

  /// The rows of a refresh compared with those shown before it: new or different rows are
  /// marked from `now`; marks of earlier refreshes stay for their own `markDuration`.
  mutating func refreshed(
    before: [[String: DatabaseValue]: Row], after: [([String: DatabaseValue], Row)], now: ContinuousClock.Instant
  ) {
    isRefreshing = false
    changedKeys = changedKeys.filter { now - $0.value < Self.markDuration }
    for (key, row) in after where before[key] != row { changedKeys[key] = now }
  }

  /// Whether any row may be marked (a quick check before looking at each row).
  var hasMarks: Bool { !changedKeys.isEmpty }

  /// Whether a row is marked as just changed at `now`.
  func isMarked(_ key: [String: DatabaseValue], at now: ContinuousClock.Instant) -> Bool {
    guard let changedAt = changedKeys[key] else { return false }
    return now - changedAt < Self.markDuration
  }
}
