import Foundation
import TerminalCore
import Theming
import Widgets

// Render + diff benchmark: a 200×60 screen holding a 60-row, 8-column table (with wide
// characters), a status bar and a title, drawn through Terminal on a TestBackend (so the
// diff and the application of the changes are included). Each frame moves the selection.
// Usage: swift run -c release d2t-bench-render [frames]

let frames = CommandLine.arguments.dropFirst().first.flatMap(Int.init) ?? 2000
// `d2t-bench-render edit [keys]`: only the edit page's key benchmark.
if CommandLine.arguments.dropFirst().first == "edit" {
  do {
    try benchmarkEditPageKey(keys: CommandLine.arguments.dropFirst(2).first.flatMap(Int.init) ?? 2_000)
  } catch {
    print("edit page benchmark: \(error)")
  }
  exit(0)
}
let size = Size(width: 200, height: 60)
let theme = Theme.builtinDefault.degraded(to: .indexed256)
let columns = [
  TableColumn("ID", alignment: .right), TableColumn("Title"), TableColumn("Description"),
  TableColumn("Year", alignment: .right), TableColumn("Language"),
  TableColumn("Rate", alignment: .right),
  TableColumn("Length", alignment: .right), TableColumn("Updated"),
]
let names = ["ACADEMY DINOSAUR", "七人の侍", "Amélie", "東京物語 (Tokyo Story)", "ALIEN CENTER"]
let rows: [[String]] = (0..<60).map { row in
  [
    "\(row + 1)", names[row % names.count],
    "A Epic Drama of a Feminist And a Mad Scientist who must Battle a Teacher in The Canadian Rockies #\(row)",
    "\(2000 + row % 20)", row % 3 == 0 ? "日本語" : "English", "\(row % 5).99", "\(80 + row)",
    "2006-02-15 05:03:42",
  ]
}
let keys = KeyMap<Int>(
  "Bench",
  [
    KeyBinding(.char("q"), 0, "Quit"), KeyBinding(.char("/"), 1, "Search"),
    KeyBinding(.char("e"), 2, "Edit"),
  ])

let backend = TestBackend(size: size)
let terminal = Terminal(backend: backend)
var state = TableState()

@MainActor func frame() {
  terminal.draw { buffer in
    let parts = Layout(.vertical, [.length(1), .fill(1), .length(1)]).split(buffer.area)
    buffer.setString(" film · 60 rows", x: 0, y: 0, width: size.width, style: theme[.title])
    Table(columns: columns, rowCount: rows.count, theme: theme) { rows[$0][$1] }
      .render(in: parts[1], buffer: &buffer, state: &state)
    StatusBar(
      message: "film", hints: keys.shownHints, trailing: "\((state.rows.selected ?? 0) + 1)/60",
      theme: theme
    )
    .render(in: parts[2], buffer: &buffer)
  }
}

@MainActor func measure(_ label: String, _ body: () -> Void) {
  var samples: [Duration] = []
  samples.reserveCapacity(frames)
  let clock = ContinuousClock()
  for _ in 0..<frames { samples.append(clock.measure(body)) }
  samples.sort()
  func ms(_ d: Duration) -> String {
    let value = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
    return String(Int(value * 1000)) + " µs"
  }
  let total = samples.reduce(Duration.zero, +)
  print(
    "\(label): median \(ms(samples[frames / 2]))  p95 \(ms(samples[frames * 95 / 100]))  mean \(ms(total / frames))  (\(frames) frames)"
  )
}

frame()
var row = 0
measure("render+diff, selection moves") {
  row = (row + 1) % rows.count
  state.rows.selected = row
  frame()
}
print("  cells sent in the last frame: \(terminal.lastFrame.changedCells)")
measure("render+diff, nothing changes") { frame() }
print("  cells sent in the last frame: \(terminal.lastFrame.changedCells)")
benchmarkLongValueInspector()
measure("full repaint (invalidate)") {
  terminal.invalidate()
  frame()
}
print("  cells sent in the last frame: \(terminal.lastFrame.changedCells)")
benchmarkTextEntry(theme: theme)
do {
  try benchmarkEditPageKey()
} catch {
  print("edit page benchmark: \(error)")
}
