import TerminalCore
import Testing

/// ASCII stand-ins keep every cell one column wide.
@Suite struct AsciiFallbackTests {
  @Test func bordersMarkersAndSymbols() {
    #expect(AsciiFallback.text("╭─ Film ─╮") == "+- Film -+")
    #expect(AsciiFallback.text("|中文x|é|") == "|????x|?|", "a double-width character keeps both its columns")
    #expect(AsciiFallback.text("│▌Customer  599│") == "|>Customer  599|")
    #expect(AsciiFallback.cell("∅") == "-" && AsciiFallback.cell("日") == "?" && AsciiFallback.cell("a") == "a")
    #expect(
      AsciiFallback.text("≥ 15.99 ▸ line ▾") == "> 15.99 > line v", "a histogram's bounds, a selected line, a picker")
  }

  @Test func theLocaleDecides() {
    #expect(AsciiFallback.localeIsUTF8(["LANG": "en_US.UTF-8"]))
    #expect(!AsciiFallback.localeIsUTF8(["LANG": "C"]))
    #expect(!AsciiFallback.localeIsUTF8(["LANG": "en_US.UTF-8", "LC_ALL": "C"]), "LC_ALL wins")
    #expect(AsciiFallback.localeIsUTF8([:]), "no locale set: UTF-8 is assumed")
  }
}
