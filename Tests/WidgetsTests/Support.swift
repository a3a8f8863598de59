import TerminalCore
import Theming
import Widgets

let theme = Theme.builtinDefault
let mono = Theme.builtinMono

/// Renders into a fresh buffer and returns its rows.
func render(width: Int, height: Int, _ draw: (inout Buffer, Rect) -> Void) -> Buffer {
  var buffer = Buffer(size: Size(width: width, height: height))
  draw(&buffer, buffer.area)
  return buffer
}

let people: [[String]] = [
  ["1", "Ann Smith", "ann@example.com", "31"],
  ["2", "山田太郎", "taro@example.jp", "45"],
  ["3", "Zoë", "zoe@example.org", "7"],
  ["4", "Bob", "bob@example.com", "102"],
]
