import Config
import Testing

/// config.toml: a good file, syntax errors with line and column, wrong settings at their
/// line, and keys bound to two actions.
@Suite struct ConfigLoaderTests {
  @Test func theDefaultPathFollowsHomeUnlessXDGNamesOne() {
    #expect(ConfigLoader.defaultPath(environment: ["HOME": "/tmp/h"]) == "/tmp/h/.config/d2t/config.toml")
    #expect(
      ConfigLoader.defaultPath(environment: ["HOME": "/tmp/h", "XDG_CONFIG_HOME": "/x"]) == "/x/d2t/config.toml")
  }

  @Test func aGoodFile() {
    let (config, problems) = ConfigLoader.parse(
      """
      theme = "light"
      rule_directories = ["/srv/rules"]

      [keys]
      quit = ["q", "C-q"]
      help = "F1"

      [connections.shop]
      url = "postgres://me@db.example/shop"
      rules = ["/srv/shop.rules"]
      read_only = true
      first_task = "login"
      journal = true

      [connections.local]
      url = "local.sqlite"
      theme = "mono"
      """, file: "config.toml")
    #expect(problems.isEmpty, "\(problems)")
    #expect(config.theme == "light")
    #expect(config.ruleDirectories == ["/srv/rules"])
    #expect(config.keys == ["quit": ["q", "C-q"], "help": ["F1"]])
    #expect(config.connections.map(\.name) == ["shop", "local"], "in the file's order")
    let shop = config.connection(named: "shop")
    #expect(shop?.url == "postgres://me@db.example/shop" && shop?.readOnly == true && shop?.firstTask == "login")
    #expect(shop?.rules == ["/srv/shop.rules"])
    #expect(shop?.keepsJournal == true)
    #expect(config.connection(named: "local")?.theme == "mono")
    #expect(config.connection(named: "local")?.keepsJournal == false)
  }

  @Test func aSyntaxErrorHasLineAndColumn() {
    let (config, problems) = ConfigLoader.parse(
      "theme = \"light\"\nkeys = [\n", file: "/home/me/.config/d2t/config.toml")
    #expect(config == D2TConfig())
    #expect(problems.count == 1)
    #expect(
      problems.first?.description.hasPrefix("/home/me/.config/d2t/config.toml:2:10: error:") == true, "\(problems)")
  }

  @Test func wrongSettingsAreReportedAtTheirLineAndTheRestApplies() {
    let (config, problems) = ConfigLoader.parse(
      """
      theme = "light"
      colour = "red"

      [connections.shop]
      url = "shop.sqlite"
      read_only = "yes"
      """, file: "c.toml")
    #expect(config.theme == "light" && config.connection(named: "shop")?.url == "shop.sqlite")
    #expect(
      problems.map(\.description) == [
        "c.toml:2:1: error: unknown setting 'colour' (known: theme, rule_directories, theme_directories, keys, connections)",
        "c.toml:6:1: error: read_only must be true or false",
      ])
  }

  /// Issue 27 item 7: errors in inline tables, under quoted names and in dotted keys are
  /// reported where they are written, not at 1:1.
  @Test func errorsInInlineQuotedAndDottedTablesAreAtTheirPlace() {
    let (config, problems) = ConfigLoader.parse(
      """
      theme = "light"
      [connections]
      shop = { url = "shop.sqlite", read_only = "yes" }
      "db prod".url = "prod.sqlite"
      "db prod".theme = 3

      [ connections . "warehouse 2" ]
      "read_only" = "maybe"
      url = "w.sqlite"
      """, file: "c.toml")
    #expect(config.connections.count == 3, "\(config.connections)")
    #expect(
      Set(problems.map(\.description)) == [
        "c.toml:3:31: error: read_only must be true or false",
        "c.toml:5:1: error: theme must be a string",
        "c.toml:8:1: error: read_only must be true or false",
      ], "\(problems.map(\.description))")
  }

  @Test func aKeyBoundToTwoActionsIsAConflict() {
    let (config, problems) = ConfigLoader.parse(
      """
      [keys]
      quit = ["q"]
      help = ["q", "F1"]
      undo = ["u"]
      launch = ["l"]
      """, file: "c.toml")
    #expect(
      problems.map(\.description).contains("c.toml:3:1: error: key q is bound to both quit and help"), "\(problems)")
    #expect(problems.contains { $0.message.hasPrefix("unknown action 'launch'") && $0.line == 5 })
    #expect(config.keys["help"] == ["F1"] && config.keys["quit"] == ["q"])
  }

  /// Issue 27 item 2: `[keys.PAGE]` tables bind pages' keys by name; a value that is no key
  /// name nor list of them is reported at its line; the global `[keys]` is unaffected.
  @Test func pageKeyTablesAreRead() {
    let (config, problems) = ConfigLoader.parse(
      """
      [keys]
      quit = ["q", "C-q"]

      [keys.list]
      new = "a"
      edit = ["E", "C-e"]

      [keys.edit]
      save = 3
      """, file: "c.toml")
    #expect(config.keys == ["quit": ["q", "C-q"]])
    #expect(config.pageKeys["list"] == ["new": ["a"], "edit": ["E", "C-e"]])
    #expect(problems.map(\.description) == ["c.toml:9:1: error: save must be a key name or a list of them"])
  }
}
