import Access
import DirectToTerminal
import Dispatch
import Foundation
import Testing

/// Esc on a save that waits behind another client's lock (issue 22 items 1–2): the save
/// stops at once, is never committed afterwards, the input stays, and Ctrl-S saves it once
/// the lock is gone.
enum SaveCancelChecks {
  static func escOnASaveWaitingForALockCancelsIt(_ fixture: EditingFixture) throws {
    let other = try fixture.otherUser()
    defer { other.close() }
    let film = try EditingChecks.firstFilm(other)
    let key: [String: DatabaseValue] = ["id": film["id"] ?? .null]
    var app = try fixture.app()
    _ = EditingFixture.screen(&app, EditingChecks.openFirstFilm + " e Down C-u LOCKED Space OUT")
    try other.withChannel { channel in
      switch fixture.backend {
      case .sqlite: try channel.executeScript("BEGIN EXCLUSIVE")
      case .postgresql, .mariadb:
        try channel.begin()
        _ = try channel.query(
          SQLStatement(
            "SELECT film_id FROM film WHERE film_id = \(channel.dialect.placeholder(0)) FOR UPDATE",
            [film["id"] ?? .null]))
      }
    }
    // Ctrl-S and Esc in one burst: the save is queued or already waiting for the lock.
    let cancelled = EditingFixture.screen(&app, "{ C-s Escape }")
    #expect(cancelled.contains("Save cancelled — nothing was written"), "\(cancelled)")
    #expect(!cancelled.contains("loading"))
    try other.withChannel { try $0.rollback() }
    app.settle()
    let stored = try #require(try other.row(of: "Film", key: key))
    #expect(stored["title"] == film["title"], "a cancelled save is never committed once the lock is gone")
    let saved = EditingFixture.screen(&app, "C-s")
    #expect(saved.contains("Saved Film “LOCKED OUT”"), "\(saved)")
    #expect(try other.row(of: "Film", key: key)?["title"] == .text("LOCKED OUT"))
  }
}

extension SaveCancelChecks {
  /// PostgreSQL with the app's server processes stopped (`SIGSTOP`): Esc is answered with
  /// "Cancelling…", and once the server runs again the save is rolled back, not committed.
  static func escOnASaveToAStoppedServerNeverCommits(_ fixture: EditingFixture) throws {
    let other = try fixture.otherUser()
    defer { other.close() }
    let film = try EditingChecks.firstFilm(other)
    let key: [String: DatabaseValue] = ["id": film["id"] ?? .null]
    var app = try fixture.app()
    _ = EditingFixture.screen(&app, EditingChecks.openFirstFilm + " e Down C-u STOPPED")
    // The server runs again a second after Esc; until then the save waits in the worker.
    let resume = try stopAppServerProcessesForASecond(seenBy: other)
    defer { resume.perform() }
    let screen = EditingFixture.screen(&app, "{ C-s Escape }")
    #expect(screen.contains("Save cancelled — nothing was written"), "\(screen)")
    app.settle()
    #expect(try other.row(of: "Film", key: key)?["title"] == film["title"], "never committed after Esc")
  }
}

extension SaveCancelChecks {
  /// Keys typed while the editor waits for its row (the app's server processes stopped)
  /// wait for it too; Esc among them drops them and closes the editor at once, so the
  /// Ctrl-S typed before it never saves once the server runs again.
  static func escDropsASaveTypedWhileTheRowLoads(_ fixture: EditingFixture) throws {
    let other = try fixture.otherUser()
    defer { other.close() }
    let film = try EditingChecks.firstFilm(other)
    let key: [String: DatabaseValue] = ["id": film["id"] ?? .null]
    var app = try fixture.app()
    _ = EditingFixture.screen(&app, EditingChecks.openFirstFilm)
    let resume = try stopAppServerProcessesForASecond(seenBy: other)
    defer { resume.perform() }
    let screen = EditingFixture.screen(&app, "{ e Down C-u TYPED Space AHEAD C-s Escape }")
    app.settle()
    #expect(!screen.contains("Saved"), "\(screen)")
    #expect(try other.row(of: "Film", key: key)?["title"] == film["title"], "nothing saved after Esc")
    let after = EditingFixture.screen(&app, "")
    #expect(!after.contains("TYPED AHEAD"), "the typed keys were dropped: \(after)")
  }
}

extension SaveCancelChecks {
  /// Stops (`SIGSTOP`) the PostgreSQL server processes of every connection to the database
  /// but `other`'s — the app's — and lets them run again a second later; `perform` on the
  /// result lets them run at once (a test's `defer`).
  static func stopAppServerProcessesForASecond(seenBy other: Database) throws -> DispatchWorkItem {
    let backends = try other.withChannel { channel in
      try channel.query(
        SQLStatement(
          "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"))
    }.compactMap { $0[0].int64Value }.map { pid_t($0) }
    try #require(!backends.isEmpty)
    for pid in backends { kill(pid, SIGSTOP) }
    let resume = DispatchWorkItem { for pid in backends { kill(pid, SIGCONT) } }
    DispatchQueue.global().asyncAfter(deadline: .now() + 1, execute: resume)
    return resume
  }
}
