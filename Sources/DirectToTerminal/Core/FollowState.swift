import Access

/// How a page follows the database (issue #15): the keys it probed last and the change
/// token they gave, whether a probe is out, and which rows the last refresh changed (marked
/// for `markDuration`). A probe with other keys (the user scrolled) only sets a new
/// baseline; the same keys with another token mean someone changed what the page shows.
public struct FollowState: Equatable, Sendable {
  var keys: [[String: DatabaseValue]] = []
  var token: String?
  var isProbing = false
  /// A refresh is on its way: the rows shown stay until the new ones arrive.
  var isRefreshing = false
  var changedKeys: Set<[String: DatabaseValue]> = []
  var changedAt: ContinuousClock.Instant?

  /// How long a changed row stays marked.
  static let markDuration = Duration.seconds(3)

  /// Whether to probe now (no probe out, no refresh pending); marks the probe as out.
  mutating func startProbe() -> Bool {
    guard !isProbing, !isRefreshing else { return false }
    isProbing = true
    return true
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
    let (oldTable, oldRows) = Self.parts(old)
    let (newTable, newRows) = Self.parts(token)
    return oldTable != newTable || (self.keys == keys && oldRows != newRows)
  }

  static func parts(_ token: String) -> (table: Substring, rows: Substring) {
    guard let bar = token.firstIndex(of: "|") else { return (token[...], "") }
    return (token[..<bar], token[token.index(after: bar)...])
  }

  /// The rows of a refresh compared with those shown before it: new or different rows are
  /// marked from `now`.
  mutating func refreshed(
    before: [[String: DatabaseValue]: Row], after: [([String: DatabaseValue], Row)], now: ContinuousClock.Instant
  ) {
    isRefreshing = false
    let changed = after.filter { key, row in before[key] != row }.map(\.0)
    changedKeys = Set(changed)
    changedAt = changed.isEmpty ? nil : now
  }

  /// Whether a row is marked as just changed at `now`.
  func isMarked(_ key: [String: DatabaseValue], at now: ContinuousClock.Instant) -> Bool {
    guard let changedAt, now - changedAt < Self.markDuration else { return false }
    return changedKeys.contains(key)
  }
}
