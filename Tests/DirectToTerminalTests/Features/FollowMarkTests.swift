import Access
@testable import DirectToTerminal
import Testing

/// The mark on rows another client changed: each row keeps its own few seconds, so a
/// later refresh (the other client's next statement, say a delete) does not wipe it.
@Suite struct FollowMarkTests {
  let clock = ContinuousClock()

  func key(_ id: Int64) -> [String: DatabaseValue] { ["id": .integer(id)] }
  func row(_ id: Int64, _ name: String) -> Row { Row(columns: ["id", "name"], values: [.integer(id), .text(name)]) }

  @Test func aLaterRefreshKeepsEarlierMarks() {
    var follow = FollowState()
    let start = clock.now
    follow.refreshed(
      before: [key(1): row(1, "Action"), key(2): row(2, "Animation")],
      after: [(key(1), row(1, "Action")), (key(2), row(2, "Animated"))], now: start)
    #expect(follow.isMarked(key(2), at: start) && !follow.isMarked(key(1), at: start))

    let second = start + .milliseconds(900)
    follow.refreshed(
      before: [key(1): row(1, "Action"), key(2): row(2, "Animated"), key(3): row(3, "Temporary")],
      after: [(key(1), row(1, "Action")), (key(2), row(2, "Animated"))], now: second)
    #expect(follow.isMarked(key(2), at: second), "a refresh that only saw a delete keeps the update's mark")

    let later = start + FollowState.markDuration + .milliseconds(1)
    #expect(!follow.isMarked(key(2), at: later), "the mark goes after its own few seconds")
  }

  @Test func aRowChangedAgainIsMarkedAfresh() {
    var follow = FollowState()
    let start = clock.now
    follow.refreshed(before: [key(1): row(1, "A")], after: [(key(1), row(1, "B"))], now: start)
    let again = start + .seconds(2)
    follow.refreshed(before: [key(1): row(1, "B")], after: [(key(1), row(1, "C"))], now: again)
    #expect(follow.isMarked(key(1), at: start + FollowState.markDuration + .milliseconds(500)))
  }
}
