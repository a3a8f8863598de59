import TerminalCore
import Testing

struct Counter: TerminalProgram {
  var count = 0
  mutating func update(_ event: InputEvent) -> ProgramStep {
    switch event {
    case .key(KeyEvent(.character("q"))): return .quit
    case .key(KeyEvent(.up)), .key(KeyEvent(.character("k"))): count += 1
    default: break
    }
    return .continue
  }
  func view(into buffer: inout Buffer) {
    buffer.setString("count: \(count)", x: 0, y: 0)
    buffer.setString("size \(buffer.area.width)x\(buffer.area.height)", x: 0, y: 1)
  }
}

@Test func terminalFlushesOnlyChangedCells() {
  let backend = TestBackend(size: Size(width: 20, height: 3))
  let terminal = Terminal(backend: backend)
  terminal.draw { $0.setString("hello", x: 0, y: 0) }
  #expect(backend.lastChangeCount == 60)
  terminal.draw { $0.setString("hellO", x: 0, y: 0) }
  #expect(backend.lastChangeCount == 1)
  #expect(backend.buffer.line(0) == "hellO" + String(repeating: " ", count: 15))
  terminal.draw { $0.setString("hellO", x: 0, y: 0) }
  #expect(backend.lastChangeCount == 0)
}

/// A screen larger than one run of changes is sent in several and arrives whole.
@Test func terminalSendsALargeScreenInRuns() {
  let backend = TestBackend(size: Size(width: 200, height: 50))
  let terminal = Terminal(backend: backend)
  terminal.draw { buffer in
    for y in 0..<50 { buffer.setString("row \(y)", x: 150, y: y) }
  }
  #expect(backend.lastChangeCount == 10_000)
  #expect(terminal.lastFrame.changedCells == 10_000)
  #expect(backend.buffer.line(49).hasSuffix("row 49" + String(repeating: " ", count: 44)))
  terminal.draw { buffer in
    for y in 0..<50 { buffer.setString("row \(y)", x: 150, y: y) }
    buffer.setString("!", x: 0, y: 0)
  }
  #expect(backend.lastChangeCount == 1)
}

@Test func pilotDrivesAProgramWithKeyNames() {
  var pilot = Pilot(Counter(), size: Size(width: 12, height: 2))
  pilot.press("Up k k")
  #expect(pilot.screen.line(0).hasPrefix("count: 3"))
  pilot.resize(to: Size(width: 10, height: 3))
  #expect(pilot.screen.line(1) == "size 10x3 ")
  pilot.press("q Up")
  #expect(pilot.hasQuit)
  #expect(pilot.program.count == 3)
}

@Test func runLoopStopsAtQuitOrEndOfInput() throws {
  let backend = TestBackend(size: Size(width: 12, height: 2))
  backend.type("k k q k")
  var program = Counter()
  try program.run(on: Terminal(backend: backend))
  #expect(program.count == 2)
  #expect(backend.buffer.line(0).hasPrefix("count: 2"))
}

/// The events read in one batch after the one that quit are handed back: typed ahead, for
/// what runs next (the app after a password prompt's Enter).
@Test func runReturnsTheEventsAfterTheOneThatQuit() throws {
  final class BurstBackend: TerminalBackend, @unchecked Sendable {
    let size = Size(width: 12, height: 2)
    let colorDepth = ColorDepth.trueColor
    var bursts: [[InputEvent]]
    init(_ bursts: [[InputEvent]]) { self.bursts = bursts }
    func draw(_ changes: [CellChange]) {}
    func setCursor(_ position: Point?) {}
    func clear() {}
    func flush() {}
    func readEvents(timeout: Duration?) throws -> [InputEvent] {
      guard !bursts.isEmpty else { throw TerminalError.endOfInput }
      return bursts.removeFirst()
    }
  }
  let backend = BurstBackend([
    [.key(.char("k"))], [.key(.char("k")), .key(.char("q")), .key(.char("j")), .key(.char("G"))],
  ])
  var program = Counter()
  let after = try program.run(on: Terminal(backend: backend))
  #expect(program.count == 2)
  #expect(after == [.key(.char("j")), .key(.char("G"))])
  var ended = Counter()
  #expect(try ended.run(on: Terminal(backend: BurstBackend([[.key(.char("k"))]]))) == [], "input ended")
}
