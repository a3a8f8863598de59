import Access
import DirectToTerminal
import Foundation
import PostgreSQLAdaptor
import TestSupport
import Testing

/// A server that goes away while d2t sits idle: the follow checks notice it, so the status
/// bar says "reconnecting…" and d2t is connected again before the user presses a key; a
/// save that found the connection dead before sending anything is sent again by itself.
/// Real servers of their own on 127.0.0.1, stopped and started as processes.
@Suite(.enabled(if: PostgresDemo.enabled, "set D2T_TEST_POSTGRES_URL (scripts/test starts a server)"))
struct IdleReconnectTests {
  /// Lets time pass (no key) until `done` holds for the screen, at most `seconds`; the
  /// follow checks run once a second, as the event loop's timer runs them.
  static func wait(_ app: inout D2TApp, seconds: Int = 30, until done: (Screen) -> Bool) -> Screen {
    var screen = run(&app, "", width: 100, height: 16)
    for tick in 0..<(seconds * 5) where !done(screen) {
      if tick % 5 == 4 { app.follow() }
      screen = run(&app, "sleep:200", width: 100, height: 16)
    }
    return screen
  }

  @Test func anIdleOutageShowsReconnectingThenReconnectsWithoutAKey() throws {
    let server = try TestPostgresServer.primary()
    defer { server.remove() }
    try server.execute(ReconnectTests.schema)
    var app = try ReconnectTests.app(server.url)
    var screen = run(&app, "Enter", width: 100, height: 16)
    #expect(screen.contains("before"), "\(screen)")

    try server.stop()
    screen = Self.wait(&app) { $0.statusBar.contains("reconnecting…") }
    #expect(screen.statusBar.contains("reconnecting…"), "the outage is shown with no key pressed\n\(screen)")
    #expect(screen.contains("before"), "the rows stay\n\(screen)")

    try server.start()
    screen = Self.wait(&app) { !$0.statusBar.contains("reconnecting") }
    #expect(!screen.statusBar.contains("reconnecting"), "\(screen)")
    #expect(screen.contains("Reconnected to postgres@127.0.0.1:\(server.port)/postgres"), "\(screen)")
  }

  /// The walk of the issue: an edit open, the server stopped and started while d2t is idle,
  /// then one Ctrl-S saves the row.
  @Test func oneCtrlSSavesAfterAnIdleRestart() throws {
    let server = try TestPostgresServer.primary()
    defer { server.remove() }
    try server.execute(ReconnectTests.schema)
    var app = try ReconnectTests.app(server.url)
    var screen = run(&app, "Enter e Down C-u " + typing("after restart"), width: 100, height: 16)
    #expect(screen.contains("after restart"), "\(screen)")

    try server.stop()
    screen = Self.wait(&app) { $0.statusBar.contains("reconnecting…") }
    try server.start()
    screen = Self.wait(&app) { $0.contains("Reconnected to") }
    #expect(screen.contains("Reconnected to"), "reconnected before any key\n\(screen)")

    screen = run(&app, "C-s", width: 100, height: 16)
    // On a loaded machine a connection may be found dead once more at the save: the input
    // is kept and saved by itself as soon as it is back, with no other key.
    if !screen.contains("Saved Note") { screen = Self.wait(&app) { $0.contains("Saved Note") } }
    #expect(screen.contains("Saved Note"), "\(screen)")
    #expect(try ReconnectTests.body(on: server) == "after restart")
  }

  /// Ctrl-S right after a restart, before anything noticed it: the dead connection is found
  /// before the transaction is sent, so d2t reconnects and sends the save again by itself.
  @Test func aSaveOnAConnectionFoundDeadIsSentAgainOnceReconnected() throws {
    let server = try TestPostgresServer.primary()
    defer { server.remove() }
    try server.execute(ReconnectTests.schema)
    var app = try ReconnectTests.app(server.url)
    var screen = run(&app, "Enter e Down C-u " + typing("saved once"), width: 100, height: 16)
    #expect(screen.contains("saved once"), "\(screen)")

    try server.stop()
    try server.start()
    screen = run(&app, "C-s", width: 100, height: 16)
    screen = Self.wait(&app) { _ in (try? ReconnectTests.body(on: server)) == "saved once" }
    #expect(try ReconnectTests.body(on: server) == "saved once", "one Ctrl-S saved\n\(screen)")
    screen = run(&app, "", width: 100, height: 16)
    #expect(!screen.breadcrumb.contains("Edit"), "the saved edit closed\n\(screen)")
    #expect(!screen.contains("Not saved"), "\(screen)")
  }

  /// `Database.apply` on a connection the server closed while it was idle fails before
  /// sending anything, and says so: the change was certainly never applied.
  @Test func applyOnAConnectionClosedWhileIdleIsMarkedNeverApplied() throws {
    let server = try TestPostgresServer.primary()
    defer { server.remove() }
    try server.execute(ReconnectTests.schema)
    let database = try Database(adaptor: PostgreSQLAdaptor(connectionString: server.url))
    try server.stop()
    try server.start()
    let change = Change.update(
      entity: "Note", key: ["id": .integer(1)], values: ["body": .text("changed")], original: ["body": .text("before")])
    do {
      try database.apply([change])
      Issue.record("applied on a connection the server had closed")
    } catch let error as DatabaseError {
      #expect(error.kind == .connectionLost, "\(error)")
      #expect(error.wasNeverApplied, "\(error)")
    }
    #expect(try ReconnectTests.body(on: server) == "before")
  }

  /// The console's own connection lost: its statement fails, the status bar says
  /// "reconnecting…", and once the server is back the console runs statements again.
  @Test func aConsoleStatementOnALostConnectionReconnectsIt() throws {
    let server = try TestPostgresServer.primary()
    defer { server.remove() }
    try server.execute(ReconnectTests.schema)
    var app = try ReconnectTests.app(server.url)
    var screen = run(&app, ": " + typing("select body || '!' as said from note") + " C-r", width: 100, height: 16)
    #expect(screen.contains("before!"), "\(screen)")

    try server.stop()
    screen = run(&app, "C-r", width: 100, height: 16)
    #expect(screen.statusBar.contains("reconnecting…"), "\(screen)")
    try server.start()
    screen = Self.wait(&app) { !$0.statusBar.contains("reconnecting") }
    #expect(!screen.statusBar.contains("reconnecting"), "\(screen)")
    try server.execute("UPDATE note SET body = 'again'")
    screen = run(&app, "C-r", width: 100, height: 16)
    #expect(screen.contains("again!"), "the console's connection is back\n\(screen)")
  }
}
