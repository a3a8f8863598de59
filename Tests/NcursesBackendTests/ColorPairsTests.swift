import CNcursesw
import TerminalCore
import Testing

@testable import NcursesBackend

@Test func colourNumbersFollowTheTerminalsPalette() {
  let palette = ColorPairs(depth: .trueColor, colors: 256, limit: 256)
  #expect(palette.depth == .indexed256)
  #expect(palette.number(Color.rgb(255, 0, 0).degraded(to: palette.depth)) == 196)
  #expect(palette.number(.default) == -1)
  let direct = ColorPairs(depth: .trueColor, colors: 1 << 24, limit: 65536)
  #expect(direct.number(.rgb(0x12, 0x34, 0x56)) == 0x123456)
  #expect(direct.number(.indexed(3)) == 3)
  #expect(direct.number(.indexed(196)) == 0xFF0000)
  let directAt256 = ColorPairs(depth: .indexed256, colors: 1 << 24, limit: 65536)
  #expect(directAt256.number(.indexed(196)) == 0xFF0000)
  #expect(ColorPairs.attributes([.bold, .reverse]) == NC_A_BOLD | NC_A_REVERSE)
}
