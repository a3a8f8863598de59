import Access
import Foundation
import History
import Rules
import TerminalCore
import Theming

/// What a d2t session runs on: a database, rules, components, pages and a theme.
///
/// The `d2t` executable builds one from its command line; a Swift program embedding d2t
/// builds its own, like Direct to SwiftUI's `D2SMainView(adaptor:ruleModel:)`:
///
///     var configuration = D2TConfiguration(database: try Database(adaptor: myAdaptor))
///     configuration.swiftRules = [\.propertyKey == "rating" => \.component <= "RatingPicker"]
///     configuration.components.register(edit: "RatingPicker", RatingPicker())
///     configuration.pages.register(FilmPage.self)
///     var app = D2TApp(configuration)
public struct D2TConfiguration {
  /// The connection pages fetch through (and Esc cancels).
  public var database: Database
  /// A second connection for counts; nil shares `database`.
  public var countDatabase: Database?
  /// A second connection for counts still opening (`Database.opening`'s second): the app
  /// starts without waiting for it, counts wait for it, and share `database` if it fails.
  /// Used instead of `countDatabase` when set.
  public var countDatabaseOpening: PendingDatabase?
  /// Rule files, loaded in order above the built-in defaults and reloaded when they change.
  public var ruleFiles: [String]
  /// Rules given as text (embedded in the binary, like the demo's), loaded before `ruleFiles`.
  public var ruleTexts: [RuleFile] = []
  /// Rules written in Swift, above the rule files.
  public var swiftRules: [Rule]
  public var keyRegistry: RuleKeyRegistry
  public var components: ComponentRegistry
  /// Pages by the names the `page` rule uses.
  public var pages: PageRegistry
  public var theme: Theme
  /// Start with the debug overlay open (`--debug`).
  public var debug: Bool
  /// Nothing is written (`--read-only`).
  public var readOnly: Bool
  /// The name of the first breadcrumb; nil: the database's name.
  public var title: String?
  /// Watch rule files for changes (off in tests that reload by hand).
  public var watchesRuleFiles: Bool
  /// Keys for the app's global actions by action name (`quit`, `help`, `back`, `undo`, `redo`, `journal`,
  /// `focusNext`, `focusPrevious`, `debug`, `reloadRules`, `logout`), from the config file.
  public var keyOverrides: [String: [KeyEvent]] = [:]
  /// Keys for pages' bindings by page section and binding name (`[keys.list] new = "c"`),
  /// from the config file; `pages.keyProblems` says what is wrong with them.
  public var pageKeyOverrides: [String: [String: [KeyEvent]]] = [:]
  /// Keep searches, filters and statements in `$XDG_STATE_HOME/d2t/history/` (the `d2t`
  /// command does; embedding programs and tests choose).
  public var keepsHistory = false
  /// Visible panes follow the database: rows others change appear within seconds
  /// (`--no-follow` turns it off; the `followsData` rule too).
  public var followsData = true
  /// Where the journal is kept when the `keepsJournal` rule is on (one file per connection).
  public var journalDirectory = StateDirectory.url("journal")
  /// Where failed logins are counted per name across sessions (`LoginThrottle`); nil keeps
  /// the count for the session only. `d2t` sets `$XDG_STATE_HOME/d2t/logins/failures.json`.
  public var loginThrottleFile: URL?
  /// The rule file the assistant (`A`) writes; loaded and watched like `ruleFiles` (it may
  /// not exist yet: the first change creates it). nil: the assistant cannot write.
  public var assistantRuleFile: String?
  /// The time and the timers (follow checks, delayed actions, reconnection backoff); tests
  /// give a `ManualScheduler` and move time by hand.
  public var scheduler: any Scheduler = SystemScheduler()
  /// The first line of the assistant's file when the assistant creates it
  /// (`AssistantSection.header(database:)` for a file in the config's rule folder).
  public var assistantFileHeader: String?

  public init(
    database: Database, countDatabase: Database? = nil, ruleFiles: [String] = [],
    swiftRules: [Rule] = [], keyRegistry: RuleKeyRegistry = .d2t,
    components: ComponentRegistry = .standard, pages: PageRegistry = .standard,
    theme: Theme = .builtinDefault, debug: Bool = false, readOnly: Bool = false, title: String? = nil,
    watchesRuleFiles: Bool = true
  ) {
    self.title = title
    self.database = database
    self.countDatabase = countDatabase
    self.ruleFiles = ruleFiles
    self.swiftRules = swiftRules
    self.keyRegistry = keyRegistry
    self.components = components
    self.pages = pages
    self.theme = theme
    self.debug = debug
    self.readOnly = readOnly
    self.watchesRuleFiles = watchesRuleFiles
  }
}

/// The rule files of a session, read on start and on reload.
struct RuleSources {
  var texts: [RuleFile] = []
  var paths: [String]
  /// Read after `paths` when they exist (the assistant's file before its first change).
  var optionalPaths: [String] = []
  var swiftRules: [Rule]
  var loader: RuleLoader

  /// Reads every file and returns the diagnostics (errors keep the last good rules).
  /// A file that cannot be read (deleted, replaced by a folder or a pipe, not UTF-8) keeps
  /// the rules it last gave, in its place, and is reported.
  /// The files as last read (for the name check against the model).
  var files: [RuleFile] = []

  mutating func load() -> [RuleDiagnostic] {
    var sources = texts.map(RuleLoader.Source.text)
    var diagnostics: [RuleDiagnostic] = []
    for path in paths + optionalPaths.filter({ FileManager.default.fileExists(atPath: $0) }) {
      do throws(TextFile.Failure) {
        sources.append(.text(RuleFile(name: path, text: try TextFile.read(path))))
      } catch {
        sources.append(.unreadable(name: path))
        diagnostics.append(
          RuleDiagnostic(
            .error, file: path, line: error.line ?? 1, column: 1,
            message: "cannot read the rule file: it \(error.reason)", sourceLine: ""))
      }
    }
    files = sources.compactMap { if case .text(let file) = $0 { file } else { nil } }
    return diagnostics + loader.load(sources)
  }

  /// The rules in force: Swift rules above rule files above defaults.
  var model: RuleModel {
    var model = loader.model
    model.add(contentsOf: swiftRules)
    return model
  }
}
