import Access
import DirectToTerminal
import Foundation
import NcursesBackend
import Rules
import SQLiteAdaptor
import TerminalCore

// A film club's database of its own (made on first run), d2t's pages over it, and two
// pieces of this program: the StarRating component and the FilmCard page, each plugged in
// by a rule. `CustomApp --headless "Enter Enter"` prints the screen instead of opening
// the terminal.
let path = NSTemporaryDirectory() + "custom-app-films.sqlite"
if !FileManager.default.fileExists(atPath: path) {
  let channel = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
  try channel.executeScript(
    """
    CREATE TABLE film (id INTEGER PRIMARY KEY, title TEXT NOT NULL, stars INTEGER, note TEXT);
    INSERT INTO film VALUES (1, 'Alien', 5, 'In space no one can hear you scream.');
    INSERT INTO film VALUES (2, 'Metropolis', 4, 'The mediator between head and hands must be the heart.');
    INSERT INTO film VALUES (3, 'Plan 9 from Outer Space', 1, 'Future events such as these will affect you.');
    """)
  channel.close()
}

var configuration = D2TConfiguration(database: try Database(adaptor: SQLiteAdaptor(path: path)))
configuration.title = "Film club"
configuration.components.register("StarRating", StarRating())
configuration.pages.register(FilmCard.self)
configuration.ruleTexts = [
  RuleFile(
    name: "custom-app.rules",
    text: """
      entity.name = 'Film' and propertyKey = 'stars' => component <= StarRating
      task = 'inspect' and entity.name = 'Film' => page <= FilmCard
      """)
]
var app = D2TApp(configuration)
defer { app.shutDown() }

let arguments = CommandLine.arguments
if let flag = arguments.firstIndex(of: "--headless") {
  let keys = flag + 1 < arguments.count ? arguments[flag + 1] : ""
  let screen = D2TRunner.headless(&app, size: Size(width: 100, height: 12), script: D2TRunner.script(keys))
  print(screen.lines.joined(separator: "\n"))
} else {
  let backend = try NcursesBackend()
  defer { backend.close() }
  try D2TRunner.run(&app, on: backend, wake: { [wake = backend.wakeHandle] in wake.wake() })
}
