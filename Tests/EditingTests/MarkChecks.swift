import Access
import DirectToTerminal
import Foundation
import Qualifiers
import Testing

/// Issue 24 item 1: marks. `Space` marks a row and moves down, `*` marks every row of the
/// result (its filter included), Ctrl-Space clears; the title and status bar count them as
/// the database does, so a marked row deleted elsewhere drops out of the count.
enum MarkChecks {
  static func marksAreCountedAndFollowTheRows(_ fixture: EditingFixture) throws {
    try FollowChecks.change(
      fixture,
      "INSERT INTO film (film_id, title, language_id) VALUES (1101, 'ZZ ONE', 1), (1102, 'ZZ TWO', 1), "
        + "(1103, 'ZZ THREE', 1);")
    var app = try fixture.app(rules: ["visibleEntityNames <= (Film)"])
    let filtered = "Enter \\ title Space like Space 'ZZ*' Enter"
    let two = EditingFixture.screen(&app, filtered + " Space Space")
    #expect(two.contains("Film (3) · 2 marked") && two.contains("2 marked  row 3 of 3"), "\(two)")
    #expect(two.components(separatedBy: "✓").count - 1 == 2, "each marked row drawn:\n\(two)")
    try FollowChecks.change(fixture, "DELETE FROM film WHERE film_id = 1101")
    let reread = EditingFixture.screen(&app, "r")
    #expect(reread.contains("Film (2) · 1 marked"), "a marked row deleted elsewhere drops out:\n\(reread)")
    let cleared = EditingFixture.screen(&app, "C-Space")
    #expect(!cleared.contains("marked"), "\(cleared)")
    let all = EditingFixture.screen(&app, "* Home Space")
    #expect(all.contains("Film (2) · 1 marked"), "every row of the result, one unmarked:\n\(all)")
  }
}
