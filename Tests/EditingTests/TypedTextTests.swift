import DirectToTerminal
import TerminalCore
import Testing

/// An unbracketed paste arrives as a burst of character keys: while a text field has the
/// focus it becomes one paste (one update, not one per character); elsewhere keys stay keys.
@Suite struct TypedTextTests {
  @Test func aBurstOfCharactersInATextFieldIsOnePaste() throws {
    let fixture = try EditingFixture(.sqlite)
    defer { fixture.close() }
    var app = try fixture.app(rules: ["visibleEntityNames <= (Category)"])
    _ = EditingFixture.screen(&app, "Enter")
    let burst: [InputEvent] = [.key(.char("j")), .key(.char("j")), .key(KeyEvent(.enter))]
    #expect(app.coalescingTypedText(burst) == burst, "on the list, j j are movements")
    _ = EditingFixture.screen(&app, "/")
    let typed: [InputEvent] = [.key(.char("C")), .key(.char("o")), .key(.char("m")), .key(KeyEvent(.enter))]
    #expect(app.coalescingTypedText(typed) == [.paste("Com"), .key(KeyEvent(.enter))])
    let long = String(repeating: "x", count: 100_000)
    let keys = long.map { InputEvent.key(.char($0)) }
    #expect(app.coalescingTypedText(keys) == [.paste(long)])
  }
}
