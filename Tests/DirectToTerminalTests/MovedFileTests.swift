import Access
import DirectToTerminal
import Foundation
import SQLiteAdaptor
import Testing

/// A SQLite file deleted while an edit is open: the save says the file was deleted (not
/// "attempt to write a readonly database") and the edit stays on screen.
@Suite struct MovedFileTests {
  @Test func savingToADeletedFileSaysSoAndKeepsTheEdit() throws {
    let path = try TestDatabases.scratchDirectory().appendingPathComponent("notes.sqlite3").path
    try SQLiteAdaptor(path: path, createIfMissing: true).openChannel().executeScript(
      """
      CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
      INSERT INTO note VALUES (1, 'before');
      """)
    let database = try Database(adaptor: SQLiteAdaptor(path: path))
    var app = D2TApp(D2TConfiguration(database: database, title: "Notes"))
    var screen = run(&app, "Enter e Down C-u " + typing("kept"), width: 160, height: 16)
    #expect(screen.contains("kept"), "\(screen)")

    try FileManager.default.removeItem(atPath: path)
    screen = run(&app, "C-s", width: 160, height: 16)
    let edit = (screen.pane(titled: "Edit") ?? []).map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
    #expect(edit.contains("Not saved: the database file \(path) was deleted while d2t had it open"), "\(screen)")
    #expect(!screen.contains("readonly"), "\(screen)")
    #expect(edit.contains("kept"), "the edit stays\n\(screen)")
    #expect(!screen.statusBar.contains("reconnecting"), "a SQLite file is not reconnected\n\(screen)")
  }

  /// At 140×40, with the list and the edit side by side, the message about a deleted file
  /// (its path and all) is shown whole in the edit pane, not cut mid-sentence.
  @Test func theDeletedFileMessageIsShownWholeAt140x40() throws {
    let directory = try TestDatabases.scratchDirectory()
      .appendingPathComponent("projects/customer-records/archive/2026")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let path = directory.appendingPathComponent("notes.sqlite3").path
    try SQLiteAdaptor(path: path, createIfMissing: true).openChannel().executeScript(
      """
      CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT NOT NULL);
      INSERT INTO note VALUES (1, 'before');
      """)
    let database = try Database(adaptor: SQLiteAdaptor(path: path))
    var app = D2TApp(D2TConfiguration(database: database, title: "Notes"))
    var screen = run(&app, "Enter e Down C-u " + typing("kept"), width: 140, height: 40)
    try FileManager.default.removeItem(atPath: path)
    screen = run(&app, "C-s", width: 140, height: 40)
    let edit = (screen.pane(titled: "Edit") ?? []).map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
    #expect(edit.contains("nothing more can be saved to it; your input is kept"), "\(screen)")
    #expect(edit.contains("kept"), "the edit stays\n\(screen)")
  }
}
