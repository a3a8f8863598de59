import Access
import DirectToTerminal
import Foundation
import SQLiteAdaptor
import TerminalCore

/// The whole app with a 102,400-character text selected in the inspector (the default
/// DisplayLargeString, wrapped): a frame drawn with nothing changed (what a timer's wake
/// costs) and a key (`j`/`k` in the inspector) with its frame, on a 160×50 screen.
@MainActor func benchmarkLongValueInspector() {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-bench-\(getpid())")
  try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let path = directory.appendingPathComponent("long.sqlite3").path
  do {
    let channel = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
    try channel.executeScript("CREATE TABLE doc (id INTEGER PRIMARY KEY, title TEXT, body TEXT)")
    let words = String(repeating: "lorem ipsum dolor sit amet 日本語 ", count: 4_000)
    try channel.execute(SQLStatement("INSERT INTO doc VALUES (1, 'one', ?)", [.text(String(words.prefix(102_400)))]))
    try channel.execute(
      SQLStatement("INSERT INTO doc VALUES (2, 'two', ?)", [.text(String(repeating: "x", count: 102_400))]))
    channel.close()
  } catch {
    print("inspector benchmark: cannot create \(path): \(error)")
    return
  }
  for (label, keys) in [("words", "Enter Enter"), ("one 100 KB word", "Enter j Enter")] {
    guard let database = try? Database(adaptor: SQLiteAdaptor(path: path, readOnly: true)) else { return }
    var configuration = D2TConfiguration(database: database, ruleFiles: [], watchesRuleFiles: false)
    configuration.followsData = false
    var app = D2TApp(configuration)
    let size = Size(width: 160, height: 50)
    let backend = TestBackend(size: size)
    _ = D2TRunner.headless(&app, on: backend, script: D2TRunner.script(keys))
    let terminal = Terminal(backend: backend)
    let clock = ContinuousClock()
    var frames: [Duration] = []
    for _ in 0..<200 {
      frames.append(
        clock.measure {
          app.setScreenSize(size)
          terminal.draw { app.view(into: &$0) }
        })
    }
    var keys: [Duration] = []
    for index in 0..<200 {
      keys.append(
        clock.measure {
          _ = app.update(.key(KeyEvent(.character(index % 2 == 0 ? "k" : "j"))))
          app.setScreenSize(size)
          terminal.draw { app.view(into: &$0) }
        })
    }
    print(
      "inspector, 100 KB text (\(label)): a frame median \(median(frames)), a key and its frame median \(median(keys))")
  }
}

private func median(_ samples: [Duration]) -> String {
  let d = samples.sorted()[samples.count / 2]
  let ms = Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) / 1e15
  return ms >= 1 ? String(format: "%.1f ms", ms) : String(Int(ms * 1000 + 0.5)) + " µs"
}
