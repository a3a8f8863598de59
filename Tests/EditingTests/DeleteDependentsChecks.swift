import Access
import DirectToTerminal
import Foundation
import Qualifiers
import Testing

/// Issue 23 item 5: `d` lists what depends on the row, per relationship, with counts and
/// the database's own rule for each (CASCADE: deleted with it; SET NULL: left pointing to
/// nothing) before asking; a delete RESTRICT blocks says which rows block it and opens them.
enum DeleteDependentsChecks {
  static let schema =
    "CREATE TABLE shelf (id INTEGER PRIMARY KEY, name VARCHAR(20) NOT NULL); "
    + "CREATE TABLE box (id INTEGER PRIMARY KEY, shelf_id INTEGER NOT NULL, "
    + "FOREIGN KEY (shelf_id) REFERENCES shelf (id) ON DELETE CASCADE); "
    + "CREATE TABLE tag_note (id INTEGER PRIMARY KEY, shelf_id INTEGER, "
    + "FOREIGN KEY (shelf_id) REFERENCES shelf (id) ON DELETE SET NULL); "
    + "CREATE TABLE loan (id INTEGER PRIMARY KEY, shelf_id INTEGER NOT NULL, "
    + "FOREIGN KEY (shelf_id) REFERENCES shelf (id) ON DELETE RESTRICT); "
    + "INSERT INTO shelf VALUES (1, 'top'), (2, 'bottom'); "
    + "INSERT INTO box VALUES (1, 1), (2, 1), (3, 2); "
    + "INSERT INTO tag_note VALUES (1, 1), (2, 2), (3, 2); "
    + "INSERT INTO loan VALUES (1, 2);"

  static func deleteListsWhatDependsOnTheRow(_ fixture: EditingFixture) throws {
    try FollowChecks.change(fixture, schema)
    var app = try fixture.app(rules: [
      "visibleEntityNames <= (Shelf)", "task = 'list' => displayPropertyKeys <= (id, name)",
    ])
    let asked = EditingFixture.screen(&app, "Enter Home d")
    #expect(asked.contains("Delete Shelf “top”?"), "\(asked)")
    let text = dialogText(asked, title: "Delete")
    #expect(
      text.contains("2 rows of Boxes will be deleted with it (ON DELETE CASCADE); u does not bring them back"),
      "\(asked)")
    #expect(text.contains("1 row of Tag Notes will point to nothing (ON DELETE SET NULL)"), "\(asked)")
    #expect(!text.contains("Loans"), "no loan points to top:\n\(asked)")
    let deleted = EditingFixture.screen(&app, "d")
    #expect(deleted.contains("Deleted Shelf “top”"), "\(deleted)")
    let db = try fixture.otherUser()
    defer { db.close() }
    #expect(try db.count(FetchSpecification(entityName: "Box")) == 1, "the boxes went with it")
    #expect(try db.row(of: "TagNote", key: ["id": .integer(1)])?["shelfId"] == .null)

    let blocked = EditingFixture.screen(&app, "Home d")
    #expect(blocked.contains("Cannot delete"), "\(blocked)")
    let blockedText = dialogText(blocked, title: "Cannot delete")
    #expect(blockedText.contains("Shelf “bottom” cannot be deleted while these rows refer to it"), "\(blocked)")
    #expect(blockedText.contains("1 row of Loans refers to it (ON DELETE RESTRICT)"), "\(blocked)")
    #expect(blocked.contains("[ Open Loans ]") && !blocked.contains("[ Delete ]"), "\(blocked)")
    let opened = EditingFixture.screen(&app, "o")
    #expect(FollowChecks.breadcrumb(opened).hasSuffix("Loans (1)"), "the rows that block it:\n\(opened)")
    #expect(try db.count(FetchSpecification(entityName: "Shelf")) == 1, "nothing was deleted")
  }

  /// The words inside the dialog box titled `title`, its wrapped lines joined.
  static func dialogText(_ screen: String, title: String) -> String {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
    let opening = Array("╭─ " + title)
    guard let top = lines.firstIndex(where: { String($0).contains(String(opening)) }),
      let left = lines[top].indices.first(where: { Array(lines[top][$0...].prefix(opening.count)) == opening }),
      let right = lines[top][left...].firstIndex(of: "╮")
    else { return "" }
    var words: [String] = []
    for line in lines[(top + 1)...] {
      guard line.count > right, line[left] != "╰" else { break }
      words += String(line[(left + 1)..<right]).split(separator: " ").map(String.init)
    }
    return words.joined(separator: " ")
  }
}
