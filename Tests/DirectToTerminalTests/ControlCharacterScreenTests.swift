import Access
import DirectToTerminal
import Foundation
import SQLiteAdaptor
import TerminalCore
import Testing

/// Control characters in data, as the full-screen app draws them: each tells which it is
/// (ESC `␛`, NUL `␀`, a bidi override or a BOM `␦`) in one cell, none reaches the terminal,
/// and bytes that are not UTF-8 stay U+FFFD, so the two cannot be confused.
@Suite struct ControlCharacterScreenTests {
  static let title = "Esc\u{1B}[31mRed Nul\u{0}End Rlo\u{202E}cba Bom\u{FEFF}x"
  static let body = "line one\nline two\r\nline three\u{1B}[0m\u{85}"

  /// A SQLite file with one `note` row holding the controls, and one with a byte that is
  /// not UTF-8 (0xFF).
  static func database() throws -> String {
    let path = try TestDatabases.scratchDirectory().appendingPathComponent("controls.sqlite3").path
    let channel = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
    defer { channel.close() }
    try channel.executeScript("CREATE TABLE note (id INTEGER PRIMARY KEY, title TEXT, body TEXT)")
    try channel.execute(SQLStatement("INSERT INTO note VALUES (1, ?, ?)", [.text(title), .text(body)]))
    try channel.executeScript("INSERT INTO note VALUES (2, 'bad ' || CAST(X'FF41' AS TEXT), 'plain')")
    return path
  }

  static func app(_ path: String) throws -> D2TApp {
    AppDriver(
      database: try Database(adaptor: SQLiteAdaptor(path: path)),
      countDatabase: try Database(adaptor: SQLiteAdaptor(path: path)), ruleFiles: [], title: "Notes"
    ).makeApp()
  }

  /// The scalars of every cell drawn that a terminal would act on or hide.
  static func hiddenScalars(_ buffer: Buffer) -> [UInt32] {
    buffer.cells.flatMap(\.text.unicodeScalars).map(\.value).filter {
      $0 < 0x20 || (0x7F..<0xA0).contains($0) || [0x202E, 0xFEFF, 0x2028].contains($0)
    }
  }

  @Test func listInspectorAndViewerShowEachControl() throws {
    var app = try Self.app(try Self.database())
    let size = Size(width: 150, height: 20)
    let list = D2TRunner.headless(&app, size: size, script: D2TRunner.script("Enter"))
    let listText = list.lines.joined(separator: "\n")
    #expect(listText.contains("Esc␛[31mRed Nul␀End Rlo␦cba Bom␦x"), "the list cell:\n\(listText)")
    #expect(
      listText.contains("line one ⏎ line two ⏎ line three␛[0m ⏎"),
      "newlines in a one-line cell keep their ⏎ (NEL, U+0085, is one too):\n\(listText)")
    #expect(listText.contains("bad \u{FFFD}A"), "bytes that are not UTF-8 stay U+FFFD:\n\(listText)")
    #expect(Self.hiddenScalars(list).isEmpty, "no control in any cell: \(Self.hiddenScalars(list))")

    let inspector = D2TRunner.headless(&app, size: size, script: D2TRunner.script("Enter"))
    let inspectorText = inspector.lines.joined(separator: "\n")
    #expect(inspectorText.contains("Esc␛[31mRed Nul␀End Rlo␦cba Bom␦x"), "the inspector:\n\(inspectorText)")
    #expect(Self.hiddenScalars(inspector).isEmpty, "no control in any cell: \(Self.hiddenScalars(inspector))")

    let viewer = D2TRunner.headless(&app, size: size, script: D2TRunner.script("Down Down v"))
    let viewerLines = viewer.lines
    #expect(
      viewerLines.contains { $0.contains("│line one") } && viewerLines.contains { $0.contains("│line two ") }
        && viewerLines.contains { $0.contains("│line three␛[0m␦") },
      "the viewer breaks the lines at \\n and \\r\\n, the controls left in a line show:\n\(viewerLines.joined(separator: "\n"))"
    )
    #expect(!viewerLines.contains { $0.contains("␍") || $0.contains("␊") }, "no line break drawn as a picture")
    #expect(Self.hiddenScalars(viewer).isEmpty, "no control in any cell: \(Self.hiddenScalars(viewer))")
  }
}

extension ControlCharacterScreenTests {
  /// Issue 22 item 4: text holding bytes that are not UTF-8 is read-only in the editor, and
  /// a save of the row (another field typed in) leaves its bytes as they were.
  @Test func textThatIsNotUTF8IsNeverRewritten() throws {
    let path = try Self.database()
    let bad: [UInt8] = [0xFF, 0xFE, 0x41, 0xC3, 0x28, 0xE2, 0x82]
    let raw = try SQLiteAdaptor(path: path).openChannel()
    defer { raw.close() }
    try raw.executeScript("UPDATE note SET title = CAST(X'FFFE41C328E282' AS TEXT) WHERE id = 2")
    var app = try Self.app(path)
    let size = Size(width: 150, height: 20)
    let list = D2TRunner.headless(&app, size: size, script: D2TRunner.script("Enter Down"))
    #expect(list.lines.joined().contains("\u{FFFD}\u{FFFD}A\u{FFFD}("), "shown with U+FFFD for each bad byte")
    let editor = D2TRunner.headless(&app, size: size, script: D2TRunner.script("e Down X Down X C-s"))
    let editorText = editor.lines.joined(separator: "\n")
    #expect(editorText.contains("Saved"), "\(editorText)")
    let stored = try raw.query(
      SQLStatement("SELECT hex(CAST(title AS BLOB)), typeof(title), body FROM note WHERE id = 2"))
    #expect(stored.first?[0] == .text(bad.map { String(format: "%02X", $0) }.joined()), "the bytes are untouched")
    #expect(stored.first?[1] == .text("text"))
    #expect(stored.first?[2] == .text("plainX"), "the other field was saved")
  }
}
