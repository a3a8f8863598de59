@testable import DirectToTerminal
import TerminalCore
import Testing
import Widgets

/// Issue 27 item 2: every page's keys are rebindable by name from `[keys.PAGE]`; the status
/// bar and help show the user's keys (help with each binding's name and table); names,
/// keys that quit and keys another binding keeps are checked; no rebinding takes the keys
/// that quit.
@Suite struct KeyRebindingTests {
  /// `d2t config check` and the start skip the check when nothing is rebound: the defaults
  /// must have no problem of their own.
  @Test func theDefaultKeysHaveNoProblems() {
    #expect(PageRegistry.globalKeyProblems([:]).isEmpty)
    #expect(PageRegistry.standard.keyProblems(KeyRebinding(pages: [:], globalOverrides: [:])).isEmpty)
  }

  @Test func everyPageNamesEachOfItsBindingsOnce() {
    for (section, catalogue) in PageRegistry.standard.keyCatalogues {
      var seen: [String: Int] = [:]
      for binding in catalogue.bindings { seen[binding.name, default: 0] += 1 }
      // The viewer's two keys at its left edge (h stays, ← closes) are one binding by name,
      // and so are `d` and the Delete key.
      let twice = seen.filter { $0.value > 1 && $0.key != "atLeftEdge" && $0.key != "delete" }
      #expect(twice.isEmpty, "[keys.\(section)] has names for more than one binding: \(twice)")
      #expect(catalogue.bindings.allSatisfy { $0.name.first?.isLetter == true }, "\(section)")
    }
    let list = PageRegistry.standard.keyCatalogues["list"]?.bindings.map(\.name) ?? []
    for name in ["new", "edit", "delete", "search", "filter", "sortAscending", "copyRow", "frequencies", "down"] {
      #expect(list.contains(name), "list lacks \(name): \(list)")
    }
  }

  @Test func aRenamedKeyWorksTheOldOneNoLongerAndTheScreenSaysSo() throws {
    var driver = try AppDriver.demo()
    driver.pageKeyOverrides = ["list": ["new": [.char("a")], "sortAscending": [.char("o")]]]
    var app = driver.makeApp()
    let list = run(&app, "Down Down Enter", width: 150, height: 30)
    #expect(list.statusBar.contains("a New") && list.statusBar.contains("o Sort ↑"), "\(list.statusBar)")
    #expect(!list.statusBar.contains("n New"), "\(list.statusBar)")
    let ignored = run(&app, "n", width: 150, height: 30)
    #expect(!ignored.contains("New Film"), "n no longer creates a row:\n\(ignored)")
    let created = run(&app, "a", width: 150, height: 30)
    #expect(created.contains("New Film"), "a does:\n\(created)")
    let help = run(&app, "Escape ?", width: 150, height: 60)
    #expect(help.contains("List · [keys.list]") && help.contains("Global · [keys]"), "\(help)")
    #expect(help.lines.contains { $0.contains(" a ") && $0.contains("New") && $0.contains("new") }, "\(help)")
  }

  @Test func aRebindingCannotTakeTheKeyThatQuits() throws {
    var driver = try AppDriver.demo()
    driver.pageKeyOverrides = ["list": ["new": [.char("q"), .char("a")]]]
    var app = driver.makeApp()
    _ = run(&app, "Down Down Enter", width: 150, height: 30)
    _ = run(&app, "q", width: 150, height: 30)
    #expect(app.state.quitRequested, "q still quits on the list")
  }

  @Test func aSwapOfTwoKeysIsNoConflictButTakingOneIs() {
    let pages = PageRegistry.standard
    let swap = KeyRebinding(pages: ["list": ["new": [.char("e")], "edit": [.char("n")]]], globalOverrides: [:])
    #expect(pages.keyProblems(swap).isEmpty, "\(pages.keyProblems(swap))")
    let mapped = swap.apply(QueryListFeature.keyCatalogue, section: "list")
    #expect(mapped.binding(for: .char("e"))?.name == "new" && mapped.binding(for: .char("n"))?.name == "edit")

    let taken = KeyRebinding(pages: ["list": ["new": [.char("e")]]], globalOverrides: [:])
    #expect(
      pages.keyProblems(taken).map(\.message) == [
        "e is edit's on the list page; new takes it from edit (give edit keys of its own to keep it)"
      ])
    #expect(taken.apply(QueryListFeature.keyCatalogue, section: "list").only(["edit"]).bindings.isEmpty)
  }

  @Test func unknownPagesNamesQuitKeysAndDoubleKeysAreReported() {
    let rebinding = KeyRebinding(
      pages: [
        "lists": ["new": [.char("a")]],
        "edit": ["save": [.ctrl("w")], "sav": [.ctrl("x")], "close": [.char("q")]],
        "inspect": ["edit": [.char("E")], "reload": [.char("E")]],
      ], globalOverrides: ["quit": [.char("q")]])
    let problems = PageRegistry.standard.keyProblems(rebinding)
    let messages = problems.map(\.message)
    #expect(messages.contains { $0.hasPrefix("[keys.lists] is no page's (pages: assistant, chart, console, edit,") })
    #expect(messages.contains { $0.hasPrefix("sav is no key of the edit page (its keys: save,") })
    #expect(messages.contains("q quits; close cannot take it on the edit page (rebind quit first)"))
    #expect(messages.contains("E is given to both edit and reload"), "\(messages)")
    #expect(problems.first { $0.message.hasPrefix("sav ") }?.name == "sav", "at its line")
    // Once quit has another key, q is free.
    let moved = KeyRebinding(pages: ["edit": ["close": [.char("q")]]], globalOverrides: ["quit": [.ctrl("q")]])
    #expect(PageRegistry.standard.keyProblems(moved).isEmpty)
  }

  /// Global keys that could never work are reported, and quit and help keep a key.
  @Test func globalKeysThatCannotWorkAreReportedAndQuitKeepsAKey() throws {
    let messages = PageRegistry.globalKeyProblems([
      "quit": [KeyEvent(.function(1))], "console": [.char("s")], "undo": [.char("q")],
    ]).map(\.message)
    #expect(messages.contains("F1 is help's on every page; quit cannot have it"), "\(messages)")
    #expect(messages.contains("quit is left with no key that works everywhere; it keeps its default (q)"))
    #expect(messages.contains("the lists, inspectors or entity list take s first; console never gets it there"))
    #expect(messages.contains("q is quit's too; give quit other keys"), "\(messages)")
    var driver = try AppDriver.demo()
    driver.keyOverrides = ["quit": [KeyEvent(.function(1))], "undo": [.char("q")]]
    var app = driver.makeApp()
    let list = run(&app, "Down Down Enter", width: 150, height: 30)
    #expect(list.statusBar.contains("q Quit") && !list.statusBar.contains("F1 Quit"), "\(list.statusBar)")
    _ = run(&app, "q", width: 150, height: 30)
    #expect(app.state.quitRequested)
  }

  /// Help's first lines name the keys as they are bound.
  @Test func helpNamesOpenAndBackAsBound() throws {
    var driver = try AppDriver.demo()
    driver.pageKeyOverrides = ["list": ["open": [.char("o")]]]
    driver.keyOverrides = ["back": [.ctrl("y")]]
    var app = driver.makeApp()
    let help = run(&app, "Down Down Enter ?", width: 150, height: 60)
    #expect(help.contains(/│ o +open the selection/), "\(help)")
    #expect(help.contains(/│ Ctrl-Y +back; cancels a running query/), "\(help)")
  }

  /// Taking one of several keys of a binding is no conflict: it keeps the others.
  @Test func takingOneOfSeveralKeysIsNoConflict() {
    let rebinding = KeyRebinding(pages: ["list": ["search": [.char("/"), .char("r")]]], globalOverrides: [:])
    #expect(PageRegistry.standard.keyProblems(rebinding).isEmpty, "reload keeps F5")
    let map = rebinding.apply(QueryListFeature.keyCatalogue, section: "list")
    #expect(map.bindings.first { $0.name == "reload" }?.keys == [KeyEvent(.function(5))])
  }
}
