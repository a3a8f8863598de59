import Access
import DirectToTerminal
import Dispatch
import Foundation
import SQLiteAdaptor
import Synchronization
import TerminalCore
import Testing
import Theming

/// The connecting screen waits on its event (issue 28 item 1): a connection that is ready
/// at once wakes the wait for input, so the app's first frame follows without a read that
/// waits out its timeout (it waited up to 80 ms before looking whether the connection was
/// done), and the screen draws nothing in between.
@Suite struct ConnectingScreenTests {
  /// A screen whose reads block until `wake()` or their timeout, and say which ended each.
  final class WaitingBackend: TerminalBackend, @unchecked Sendable {
    enum Read: Equatable { case woken, timedOut }
    private let signal = DispatchSemaphore(value: 0)
    let reads = Mutex<[Read]>([])
    private(set) var flushes = 0
    let size = Size(width: 80, height: 24)
    let colorDepth = ColorDepth.trueColor

    func wake() { signal.signal() }
    func draw(_ changes: [CellChange]) {}
    func setCursor(_ position: Point?) {}
    func clear() {}
    func flush() { flushes += 1 }
    func readEvents(timeout: Duration?) throws -> [InputEvent] {
      let seconds = timeout.map { Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18 } ?? 3600
      let woken = signal.wait(timeout: .now() + seconds) == .success
      reads.withLock { $0.append(woken ? .woken : .timedOut) }
      return []
    }
  }

  /// A screen that gives its reads the input of `script` in turn, then calls `done` (once
  /// the script is typed) and reads nothing more; it counts the frames sent.
  final class ScriptedBackend: TerminalBackend, @unchecked Sendable {
    let size = Size(width: 80, height: 24)
    let colorDepth = ColorDepth.trueColor
    private var script: [[InputEvent]]
    private let done: () -> Void
    private(set) var flushes = 0

    init(_ script: [[InputEvent]], done: @escaping () -> Void) {
      self.script = script
      self.done = done
    }
    func draw(_ changes: [CellChange]) {}
    func setCursor(_ position: Point?) {}
    func clear() {}
    func flush() { flushes += 1 }
    func readEvents(timeout: Duration?) throws -> [InputEvent] {
      guard !script.isEmpty else {
        done()
        Thread.sleep(forTimeInterval: 0.01)
        return []
      }
      return script.removeFirst()
    }
  }

  @Test func aConnectionReadyAtOnceIsTakenWithoutWaitingOutATimeout() throws {
    let backend = WaitingBackend()
    var screen = ConnectingScreen(target: "127.0.0.1:5432/shop", theme: .builtinDefault)
    let (database, counter) = try screen.run(on: Terminal(backend: backend), wake: { backend.wake() }) {
      let database = try Database(adaptor: SQLiteAdaptor(path: ":memory:"))
      return (database, PendingDatabase(database))
    }
    #expect(database === counter.opened)
    #expect(backend.reads.withLock { $0 }.allSatisfy { $0 == .woken }, "no read waited out its timeout")
    #expect(backend.flushes == 0, "nothing drawn: the connection came within the quiet period")
  }

  /// An attempt started before the terminal (d2t starts a URL's or a file's connection
  /// before reading its settings) is taken by the screen when it is already done: no read.
  @Test func anAttemptDoneBeforeTheScreenIsTakenWithoutARead() throws {
    let attempt = ConnectionAttempt {
      let database = try Database(adaptor: SQLiteAdaptor(path: ":memory:"))
      return (database, PendingDatabase(database))
    }
    _ = try attempt.wait()
    let backend = WaitingBackend()
    var screen = ConnectingScreen(target: "127.0.0.1:5432/shop", theme: .builtinDefault)
    _ = try screen.run(on: Terminal(backend: backend), wake: { backend.wake() }, attempt: attempt)
    #expect(backend.reads.withLock { $0 }.isEmpty, "nothing to wait for")
  }

  /// An attempt still running when the screen starts wakes it the moment it is done.
  @Test func anAttemptUnderWayWakesTheScreen() throws {
    let release = DispatchSemaphore(value: 0)
    let attempt = ConnectionAttempt {
      release.wait()
      let database = try Database(adaptor: SQLiteAdaptor(path: ":memory:"))
      return (database, PendingDatabase(database))
    }
    let backend = WaitingBackend()
    Thread.detachNewThread {
      Thread.sleep(forTimeInterval: 0.05)
      release.signal()
    }
    var screen = ConnectingScreen(target: "127.0.0.1:5432/shop", theme: .builtinDefault)
    _ = try screen.run(on: Terminal(backend: backend), wake: { backend.wake() }, attempt: attempt)
    // Under load the attempt may outlast the quiet period (a read times out, the spinner
    // draws), but the read that ends the wait is the attempt's wake, not a timeout.
    #expect(backend.reads.withLock { $0 }.last == .woken, "the last read ended by the attempt")
  }

  /// Keys typed while connecting are the app's (taken in after its first frame): they are
  /// kept in order, a resize is not; Esc still gives up.
  @Test func keysTypedWhileConnectingAreKeptForTheApp() throws {
    let release = DispatchSemaphore(value: 0)
    let open: @Sendable () throws -> (Database, PendingDatabase) = {
      release.wait()
      let database = try Database(adaptor: SQLiteAdaptor(path: ":memory:"))
      return (database, PendingDatabase(database))
    }
    let keys = [InputEvent.key(.char("j")), .resize(Size(width: 90, height: 30)), .key(KeyEvent(.enter))]
    let typing = ScriptedBackend([keys]) { release.signal() }
    var screen = ConnectingScreen(target: "127.0.0.1:5432/shop", theme: .builtinDefault)
    _ = try screen.run(on: Terminal(backend: typing), open: open)
    #expect(screen.typedAhead == [.key(.char("j")), .key(KeyEvent(.enter))])

    let giving = ScriptedBackend([[.key(.char("j"))], [.key(KeyEvent(.escape))]]) {}
    var given = ConnectingScreen(target: "127.0.0.1:5432/shop", theme: .builtinDefault)
    #expect(throws: ConnectingScreen.GaveUp.self) { _ = try given.run(on: Terminal(backend: giving)) { try open() } }
    release.signal()
  }

  /// Over a preview of the app (a remembered catalog's first screen): Esc typed before
  /// "Connecting…" shows is one of the app's keys, kept in order with the others (the
  /// preview's footer says Esc goes back; it gave up and the keys after it went to the
  /// shell); once "Connecting…" shows it gives up, and Ctrl-C always does. A resize, which
  /// the preview cannot follow, shows "Connecting…" at once.
  @Test func overAPreviewEscIsTheAppsAndAResizeShowsTheConnectingScreen() throws {
    func attempt(_ release: DispatchSemaphore) -> ConnectionAttempt {
      ConnectionAttempt {
        release.wait()
        let database = try Database(adaptor: SQLiteAdaptor(path: ":memory:"))
        return (database, PendingDatabase(database))
      }
    }
    func screen() -> ConnectingScreen {
      var screen = ConnectingScreen(target: "127.0.0.1:5432/shop", theme: .builtinDefault)
      screen.isOverPreview = true
      return screen
    }

    let keys = DispatchSemaphore(value: 0)
    let typing = ScriptedBackend([[.key(KeyEvent(.enter)), .key(KeyEvent(.escape)), .key(.char("j"))]]) {
      keys.signal()
    }
    var kept = screen()
    _ = try kept.run(on: Terminal(backend: typing), attempt: attempt(keys))
    #expect(kept.typedAhead == [.key(KeyEvent(.enter)), .key(KeyEvent(.escape)), .key(.char("j"))])
    #expect(typing.flushes == 0, "the preview stays: nothing drawn over it")

    let resize = DispatchSemaphore(value: 0)
    let resizing = ScriptedBackend([[.resize(Size(width: 100, height: 20))], [.key(KeyEvent(.escape))]]) {
      resize.signal()
    }
    var resized = screen()
    #expect(throws: ConnectingScreen.GaveUp.self, "Esc once \"Connecting…\" shows") {
      _ = try resized.run(on: Terminal(backend: resizing), attempt: attempt(resize))
    }
    #expect(resizing.flushes > 0, "the resize drew the connecting screen at once")
    resize.signal()

    let interrupt = DispatchSemaphore(value: 0)
    let interrupting = ScriptedBackend([[.key(.ctrl("c"))]]) {}
    var interrupted = screen()
    #expect(throws: ConnectingScreen.GaveUp.self) {
      _ = try interrupted.run(on: Terminal(backend: interrupting), attempt: attempt(interrupt))
    }
    interrupt.signal()
  }

  /// An attempt nobody wants (DATABASE turned out to name a configured connection) closes
  /// its connections when it is done.
  @Test func aDiscardedAttemptClosesItsConnections() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-attempt-\(UUID()).sqlite3").path
    defer { try? FileManager.default.removeItem(atPath: path) }
    try SQLiteAdaptor(path: path, createIfMissing: true).openChannel().executeScript(
      "CREATE TABLE note (id INTEGER PRIMARY KEY)")
    let release = DispatchSemaphore(value: 0)
    let attempt = ConnectionAttempt {
      release.wait()
      let database = try Database(adaptor: SQLiteAdaptor(path: path))
      return (database, PendingDatabase(database))
    }
    attempt.discard()
    release.signal()
    let (database, _) = try attempt.wait()
    let entity = try #require(database.model.entities.first?.name)
    #expect(throws: (any Error).self, "closed: it runs no statement") {
      try database.count(FetchSpecification(entityName: entity))
    }
  }
}
