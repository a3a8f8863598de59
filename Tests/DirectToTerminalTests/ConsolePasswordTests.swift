import Access
import DirectToTerminal
import Foundation
import TerminalCore
import Testing

/// The console never shows, copies, filters on or exports a password-like column: by the
/// column the database says a result column comes from (an alias does not unmask it), or by
/// its name when it comes from no table.
extension ConsoleTests {
  @Test(arguments: databases())
  func passwordColumnsAreMaskedAndNeverCopiedOrExported(_ database: ConsoleDatabase) throws {
    var (app, _) = try database.app()
    let shown = screen(&app, Self.statement("select id, name, password from staff"))
    #expect(gridRows(shown, header: /id +name +password/) == ["1 ann ••••••"], "\(shown)")
    #expect(!shown.contains("s3cret"), "\(shown)")
    let (refused, copied) = screenAndCopies(&app, "] ] y")
    #expect(copied.isEmpty, "y on the password copies nothing: \(copied)")
    #expect(refused.contains("Passwords are not copied"), "\(refused)")
    let (_, row) = screenAndCopies(&app, "Y")
    #expect(row == ["1\tann"], "Y leaves the password out: \(row)")
    let filtered = screen(&app, "=")
    #expect(filtered.contains("password is password-like"), "= refuses it:\n\(filtered)")
    let viewed = screen(&app, "v")
    #expect(!viewed.contains("s3cret") && viewed.contains("Passwords are not shown"), "\(viewed)")
    let path = try TestDatabases.scratchDirectory().appendingPathComponent("staff.csv").path
    _ = screen(&app, "x Tab C-u " + typing(path) + " Enter")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "id,name\n1,ann\n", "x leaves it out")
  }

  @Test(arguments: databases())
  func anAliasedPasswordColumnIsMaskedByItsOrigin(_ database: ConsoleDatabase) throws {
    var (app, _) = try database.app()
    let shown = screen(&app, Self.statement("select name, password as p from staff"))
    #expect(gridRows(shown, header: /name +p/) == ["ann ••••••"], "\(shown)")
    let (_, copied) = screenAndCopies(&app, "] y Y")
    #expect(copied == ["ann"], "\(copied)")
  }
}

extension ConsoleTests {
  /// Characters typed in one burst while Ctrl-S searches the history (what a terminal sends
  /// for fast typing or an unbracketed paste) extend the search, not the line behind it.
  @Test func aBurstDuringHistorySearchExtendsTheQuery() throws {
    var (app, _) = try ConsoleDatabase.sqlite.app()
    _ = screen(&app, Self.statement("select owner from account"))
    _ = screen(&app, "Tab C-s")
    let burst = "owner".map { InputEvent.key(.char($0)) }
    let events = app.coalescingTypedText(burst)
    #expect(events == [.paste("owner")], "one paste: \(events)")
    for event in events { _ = app.update(event) }
    let searching = screen(&app, "")
    #expect(searching.contains("(history search)'owner': select owner from account"), "\(searching)")
  }
}
