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

  @Test func aConnectionReadyAtOnceIsTakenWithoutWaitingOutATimeout() throws {
    let backend = WaitingBackend()
    let screen = ConnectingScreen(target: "127.0.0.1:5432/shop", theme: .builtinDefault)
    let (database, counter) = try screen.run(on: Terminal(backend: backend), wake: { backend.wake() }) {
      let database = try Database(adaptor: SQLiteAdaptor(path: ":memory:"))
      return (database, database)
    }
    #expect(database === counter)
    #expect(backend.reads.withLock { $0 }.allSatisfy { $0 == .woken }, "no read waited out its timeout")
    #expect(backend.flushes == 0, "nothing drawn: the connection came within the quiet period")
  }
}
