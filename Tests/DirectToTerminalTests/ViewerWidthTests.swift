import Access
@testable import DirectToTerminal
import Foundation
import TerminalCore
import Testing
import Theming

/// The viewer in a narrow pane: a hex dump takes the bytes a line the pane has room for, and
/// lines that cannot wrap (pretty JSON) scroll sideways instead of being cut.
@Suite struct ViewerWidthTests {
  static let bytes: [UInt8] = [0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd, 0xee, 0xff, 0x00, 0x11]

  @Test func hexDumpTakesTheBytesALineTheWidthHolds() {
    #expect(ViewerDocument.bytesPerLine(width: 77) == 16)
    #expect(ViewerDocument.bytesPerLine(width: 76) == 8)
    #expect(ViewerDocument.bytesPerLine(width: 45) == 8)
    #expect(ViewerDocument.bytesPerLine(width: 44) == 4)
    #expect(ViewerDocument.bytesPerLine(width: 20) == 1)
    let eight = ViewerDocument(.blob(Self.bytes), width: 50)
    #expect(eight.lines.map(\.text) == [
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
    let literal = database == .sqlite
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
    var store = try PageStore<ValueViewerFeature>(
      PageRequest(task: .view, value: .json(#"{"key":""# + long + #""}"#)), session: session)
    store.send(.resized(Size(width: 30, height: 10))) { $0.viewport = Size(width: 30, height: 10) }
    #expect(!Self.render(store.state).contains("END"), "cut at first")
    #expect(Self.render(store.state).contains("←→ columns 1–30 of 64 · json"))
    let right = try #require(ValueViewerFeature.action(for: KeyEvent(.right), store.state, in: session))
    store.send(right) { $0.left = 15 }
    store.send(right) { $0.left = 30 }
    store.send(right) { $0.left = 34 }
    #expect(Self.render(store.state).contains(#"xxxxxxxxxEND""#), "\(Self.render(store.state))")
    #expect(ValueViewerFeature.action(for: KeyEvent(.right), store.state, in: session) == nil, "at the end")
    let left = try #require(ValueViewerFeature.action(for: KeyEvent(.left), store.state, in: session))
    store.send(left) { $0.left = 19 }
  }

  static func render(_ state: ValueViewerFeature.State) -> String {
    var buffer = Buffer(size: state.viewport)
    let context = ViewContext(session: Session.fake(model: FeatureFixture.model), focused: true, tick: 0)
    ValueViewerFeature.view(state, in: context, area: buffer.area, buffer: &buffer)
    return Screen(buffer).description
  }
}
