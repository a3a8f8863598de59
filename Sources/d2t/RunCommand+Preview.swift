import DirectToTerminal
import TerminalCore

extension RunCommand {
  /// Draws the first frame of an app made on `config`, whose database is a preview
  /// (`Database.unconnected(_:catalog:)`: the catalog an earlier start remembered, no
  /// connection), while the real connection opens: a server's first screen no longer waits
  /// for it. The app is thrown away at once — it takes no key and runs nothing (its pages'
  /// first queries fail unseen; it follows nothing, watches no file) — and the app made
  /// on the connection once it is in draws the same frame, so the terminal is sent only
  /// what differs: nothing, or what the server said otherwise (a read-only standby's
  /// banner; a changed schema, after the catalog's check). Keys typed meanwhile wait for
  /// that app (`ConnectingScreen.typedAhead`).
  static func drawPreview(_ config: D2TConfiguration, notice: String?, on terminal: Terminal, size: Size) {
    var config = config
    config.followsData = false
    config.watchesRuleFiles = false
    var app = D2TApp(config)
    defer { app.shutDown() }
    if let notice { app.notice(notice) }
    // No results are taken in (`tick`): a first query's failure is never shown.
    app.setScreenSize(size)
    terminal.draw { app.view(into: &$0) }
    StartupTrace.shared.mark("preview drawn")
  }
}
