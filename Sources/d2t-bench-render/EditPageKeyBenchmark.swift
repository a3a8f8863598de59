import Access
import DirectToTerminal
import Foundation
import SQLiteAdaptor
import TerminalCore
import Theming

/// One key typed at the end of a 100 KiB text field of the edit page, the way the app
/// takes it: `D2TApp.update` (key routing, the page's update), then the frame drawn
/// through `Terminal` (the page's view, the field's render, the diff). Target ≤ 1 ms.
@MainActor func benchmarkEditPageKey(keys: Int = 2_000) throws {
  let path = NSTemporaryDirectory() + "d2t-bench-edit-\(UUID().uuidString).sqlite"
  defer { try? FileManager.default.removeItem(atPath: path) }
  let setup = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
  let text = String(repeating: "x", count: 102_400)
  try setup.executeScript(
    "CREATE TABLE note (id integer PRIMARY KEY, title text NOT NULL); "
      + "INSERT INTO note VALUES (1, '\(text)');")
  setup.close()
  let database = try Database(adaptor: SQLiteAdaptor(path: path))
  var configuration = D2TConfiguration(database: database, title: "Bench")
  configuration.followsData = false
  var app = D2TApp(configuration)
  defer { app.shutDown() }
  let size = Size(width: 120, height: 40)
  _ = D2TRunner.headless(&app, size: size, script: D2TRunner.script("Enter Enter e Down End"))
  let backend = TestBackend(size: size)
  let terminal = Terminal(backend: backend)
  terminal.draw { app.view(into: &$0) }
  let clock = ContinuousClock()
  var samples: [Duration] = []
  for _ in 0..<keys {
    samples.append(
      clock.measure {
        _ = app.update(.key(KeyEvent(.character("a"))))
        app.setScreenSize(size)
        terminal.draw { app.view(into: &$0) }
      })
  }
  samples.sort()
  let d = samples[samples.count / 2]
  let us = Double(d.components.seconds) * 1e6 + Double(d.components.attoseconds) / 1e12
  let shown = us >= 1000 ? String(format: "%.2f ms", us / 1000) : String(Int(us + 0.5)) + " µs"
  let typed = backend.buffer.lines.contains { $0.contains("aaaa") }
  print(
    "edit page: a key at the end of a 100 KiB field, update + view + render: median \(shown) (target ≤ 1 ms)"
      + (typed ? "" : " — the keys did not reach the field!"))
  if !typed || ProcessInfo.processInfo.environment["D2T_BENCH_SCREEN"] != nil {
    print(backend.buffer.lines.joined(separator: "\n"))
  }
}
