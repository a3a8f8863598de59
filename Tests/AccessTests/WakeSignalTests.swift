import Access
import Dispatch
import Glibc
import Testing

/// The waits that replace polling intervals (issue 28 item 1): a wait on a socket and a
/// `WakeSignal` ends on whichever comes first, never on a timer.
@Suite struct WakeSignalTests {
  @Test func aSignalEndsAWaitThatHasNoTimeout() {
    let signal = WakeSignal()
    var ends: [Int32] = [-1, -1]
    _ = pipe(&ends)
    defer { ends.forEach { close($0) } }
    DispatchQueue.global().async { signal.signal() }
    #expect(signal.wait(socket: ends[0]) == .signaled, "woken by the signal, the socket silent")
    #expect(signal.isSignaled, "it stays given")
    signal.clear()
    #expect(!signal.isSignaled)
  }

  @Test func aReadySocketEndsTheWait() {
    let signal = WakeSignal()
    var ends: [Int32] = [-1, -1]
    _ = pipe(&ends)
    defer { ends.forEach { close($0) } }
    var byte: UInt8 = 7
    _ = write(ends[1], &byte, 1)
    #expect(signal.wait(socket: ends[0]) == .ready)
  }

  @Test func aDeadlineEndsTheWaitWhenNothingElseDoes() {
    let signal = WakeSignal()
    #expect(signal.wait(timeout: .milliseconds(1)) == .timedOut)
    #expect(signal.wait(timeout: .zero) == .timedOut)
  }
}
