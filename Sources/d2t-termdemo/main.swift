import Foundation
import NcursesBackend
import TerminalCore
import Theming
import Widgets

// A small interactive demo of the terminal layer, driven by scripts/tmux-smoke.sh:
// a list of films on the left, a table of rentals on the right, a search field on top.
// Tab switches focus, / edits the search, q quits. With D2T_TERMDEMO_COPY set, it first
// copies that text to the clipboard (scripts/tmux-clipboard.sh checks it lands in tmux).

let loader = ThemeLoader(directories: ["Themes"])
do {
  try NcursesBackend.withTerminal { backend in
    if let text = ProcessInfo.processInfo.environment["D2T_TERMDEMO_COPY"] {
      _ = backend.copyToClipboard(text)
    }
    let selection = loader.select(
      name: nil, depth: backend.colorDepth, environment: DemoProgram.environment)
    var program = DemoProgram(theme: selection.theme)
    try program.run(on: Terminal(backend: backend))
  }
} catch let error as TerminalError {
  if case .unsupported(let reason) = error {
    try? FileHandle.standardError.write(contentsOf: Data("d2t-termdemo: \(reason)\n".utf8))
  }
  exit(error.exitStatus)
}
