import Access
@testable import DirectToTerminal
import Foundation
import TerminalCore
import Testing
import Theming

/// The viewer in a narrow pane: a hex dump takes the bytes a line the pane has room for, and
/// lines that cannot wrap (pretty JSON) scroll sideways instead of being cut.
@Suite struct ViewerWidthTests {
  static let bytes: [UInt8] = [
    0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff, 0x00, 0x11,
  ]

  @Test func hexDumpTakesTheBytesALineTheWidthHolds() {
    #expect(ViewerDocument.bytesPerLine(width: 77) == 16)
    #expect(ViewerDocument.bytesPerLine(width: 76) == 8)
    #expect(ViewerDocument.bytesPerLine(width: 45) == 8)
    #expect(ViewerDocument.bytesPerLine(width: 44) == 4)
    #expect(ViewerDocument.bytesPerLine(width: 20) == 1)
    let eight = ViewerDocument(.blob(Self.bytes), width: 50)
    #expect(
      eight.lines.map(\.text) == [
        #"00000000  00 11 22 33 44 55 66 77  |.."3DUfw|"#,
        "00000008  88 99 aa bb cc dd ee ff  |........|",
        "00000010  00 11" + String(repeating: " ", count: 18) + "  |..|",
      ])
    #expect(eight.lines.allSatisfy { $0.text.count <= 50 })
  }

  /// `v` on a binary console value in a 60-column terminal: whole hex lines, 8 bytes each.
  @Test(arguments: ConsoleTests.databases())
  func hexInANarrowPaneIsNotCut(_ database: ConsoleDatabase) throws {
    var (app, _) = try database.app()
    let literal =
      database != .postgres
      ? "x'00112233445566778899aabbccddeeff0011'" : "'\\x00112233445566778899aabbccddeeff0011'::bytea"
    let screen = run(&app, ConsoleTests.statement("select " + literal + " as b") + " v", width: 60, height: 16)
    #expect(screen.contains(#"│00000000  00 11 22 33 44 55 66 77  |.."3DUfw|"#), "\(screen)")
    #expect(screen.contains("│00000008  88 99 aa bb cc dd ee ff  |........|"), "\(screen)")
    #expect(screen.contains("binary · line 1 of 3"), "\(screen)")
  }

  /// A pretty-printed JSON line wider than the pane scrolls with → and back with ←.
  @Test func aLongJSONLineScrollsSideways() throws {
    let long = String(repeating: "x", count: 50) + "END"
    let session = Session.fake(model: FeatureFixture.model)
    let store = try PageStore<ValueViewerFeature>(
      PageRequest(task: .view, detail: ViewerRequest(value: .json(#"{"key":""# + long + #""}"#))), session: session)
    store.send(.resized(Size(width: 30, height: 10))) { $0.viewport = Size(width: 30, height: 10) }
    #expect(!Self.render(store.state).contains("END"), "cut at first")
    #expect(Self.render(store.state).contains("json · 1/3 · 1–30/64"), "the bottom line shortened to fit 30 columns")
    let right = try #require(ValueViewerFeature.action(for: KeyEvent(.right), store.state, in: session))
    store.send(right) { $0.left = 15 }
    store.send(right) { $0.left = 30 }
    store.send(right) { $0.left = 34 }
    #expect(Self.render(store.state).contains(#"xxxxxxxxxEND""#), "\(Self.render(store.state))")
    #expect(ValueViewerFeature.action(for: KeyEvent(.right), store.state, in: session) == nil, "at the end")
    let left = try #require(ValueViewerFeature.action(for: KeyEvent(.left), store.state, in: session))
    store.send(left) { $0.left = 19 }
  }

  /// `/` finds a match off to the right of a long line and scrolls it into view; back at
  /// column 1, `h` stays in the viewer and ← closes it.
  @Test func searchScrollsSidewaysAndHNeverLeaves() throws {
    let long = String(repeating: "x", count: 80) + "NEEDLE" + String(repeating: "y", count: 40)
    let session = Session.fake(model: FeatureFixture.model)
    let store = try PageStore<ValueViewerFeature>(
      PageRequest(task: .view, detail: ViewerRequest(value: .json(#"{"key":""# + long + #""}"#))), session: session)
    store.send(.resized(Size(width: 30, height: 10))) { $0.viewport = Size(width: 30, height: 10) }
    store.send(.beginSearch) { $0.input = .init("") }
    store.send(.searchKey(.char("n"))) { _ = $0.input?.handle(.char("n")) }
    store.send(.searchKey(.char("e"))) { _ = $0.input?.handle(.char("e")) }
    store.send(.searchKey(KeyEvent(.enter))) {
      $0.input = nil
      $0.search = "ne"
      $0.cursor = 1
      $0.left = 83
    }
    #expect(Self.render(store.state).contains("NEEDLE"), "the match is on screen:\n\(Self.render(store.state))")
    for _ in 0..<6 {
      guard let left = ValueViewerFeature.action(for: .char("h"), store.state, in: session) else { break }
      store.send(left) { $0.left = max(0, $0.left - 15) }
    }
    #expect(store.state.left == 0)
    #expect(ValueViewerFeature.action(for: .char("h"), store.state, in: session) == .scroll(0), "h at column 1 stays")
    #expect(ValueViewerFeature.action(for: KeyEvent(.left), store.state, in: session) == .close, "← at column 1 closes")
    #expect(ValueViewerFeature.action(for: .char("q"), store.state, in: session) == .close)
  }

  /// `y` in the viewer copies the value, as `y` on its cell does.
  @Test func yCopiesTheValue() throws {
    let session = Session.fake(model: FeatureFixture.model)
    let store = try PageStore<ValueViewerFeature>(
      PageRequest(task: .view, detail: ViewerRequest(value: .bool(true))), session: session)
    #expect(ValueViewerFeature.action(for: .char("y"), store.state, in: session) == .copy)
    let effect = store.send(.copy)
    #expect(effect.commands == [.copy("true", what: "“true”")])
    #expect(ValueViewerFeature.keyMap(store.state, in: session).shownHints.contains { $0.description == "Copy" })
  }

  static func render(_ state: ValueViewerFeature.State) -> String {
    var buffer = Buffer(size: state.viewport)
    let context = ViewContext(session: Session.fake(model: FeatureFixture.model), focused: true, tick: 0)
    ValueViewerFeature.view(state, in: context, area: buffer.area, buffer: &buffer)
    return Screen(buffer).description
  }
}
