import Testing

/// Enter follows `nextTask`, Esc pops, to-ones open the related row, to-manys a filtered
/// list with its count.
@Suite struct NavigationTests {
  static func downs(_ count: Int) -> String { Array(repeating: "Down", count: count).joined(separator: " ") }

  @Test func entityListToListToInspectorToToOneAndBack() throws {
    let demo = try AppDriver.demo()
    var app = demo.makeApp()
    var screen = run(&app, "Down Down Enter")
    #expect(screen.breadcrumb == " DVD Rental › Film")
    #expect(screen.contains("╭─ Film (1,000) "))
    #expect(screen.statusBar.hasSuffix("row 1 of 1,000"))

    screen = run(&app, "Enter")
    #expect(screen.breadcrumb == " DVD Rental › Film › AMBER ANCHOR")
    #expect(screen.contains("╭─ AMBER ANCHOR "))
    #expect(screen.contains("│▌Id           972"))

    // Language is the fifth row of the film inspector: a to-one shown by its title.
    screen = run(&app, Self.downs(4))
    #expect(screen.contains("│▌Language     English"))
    screen = run(&app, "Enter")
    #expect(screen.breadcrumb == " DVD Rental › Film › AMBER ANCHOR › Language: English")
    let language = try #require(screen.pane(titled: "Language: English"))
    #expect(language.prefix(3) == ["▌Id          1", " Name        English", " Last Update 2006-02-15 04:34:33"])

    screen = run(&app, "Escape")
    #expect(screen.breadcrumb == " DVD Rental › Film › AMBER ANCHOR")
    #expect(!screen.contains("Language: English"))
    screen = run(&app, "Escape")
    #expect(screen.breadcrumb == " DVD Rental › Film")
    #expect(screen.contains("╭─ Entities "))
    #expect(!screen.contains("AMBER ANCHOR ─"))
  }

  @Test func toManyOpensTheFilteredListWithItsCountInTheTitle() throws {
    // Customer ELLIOT VANCE (id 1) has 24 rentals: the tenth row of his inspector.
    let screen = try AppDriver.demo().screen("Enter Enter " + Self.downs(10) + " Enter", width: 160, height: 40)
    #expect(screen.breadcrumb == " DVD Rental › Customer › ELLIOT VANCE › Rentals (24)")
    let rentals = try #require(screen.pane(titled: "Rentals (24)"))
    #expect(rentals.count(where: { !$0.isEmpty }) == 25, "a header and 24 rentals:\n\(screen)")
    #expect(screen.statusBar.hasSuffix("row 1 of 24"))
  }

  @Test func backKeysAllPopAndTheFirstPageStays() throws {
    let demo = try AppDriver.demo()
    for back in ["Escape", "Left", "h", "BSpace"] {
      let screen = demo.screen("Enter Enter " + back + " " + back + " " + back)
      #expect(screen.breadcrumb == " DVD Rental", "after \(back)")
      #expect(screen.contains("│▌Customer"), "after \(back)")
    }
  }

  @Test func forwardKeysAllOpen() throws {
    let demo = try AppDriver.demo()
    for forward in ["Enter", "Right", "l"] {
      let screen = demo.screen("Down " + forward)
      #expect(screen.breadcrumb == " DVD Rental › Moviestars", "after \(forward)")
    }
  }

  @Test func tabMovesFocusBetweenVisiblePanes() throws {
    let demo = try AppDriver.demo()
    // Focus back on the customer list: Down moves its selection, not the inspector's.
    let screen = demo.screen("Enter Enter BTab Down", width: 160, height: 30)
    #expect(screen.statusBar.hasSuffix("row 2 of 599"))
    #expect(screen.contains("╭─ ELLIOT VANCE "))
    // Enter there opens the newly selected customer in place of the old inspector.
    let opened = demo.screen("Enter Enter BTab Down Enter", width: 160, height: 30)
    #expect(opened.breadcrumb == " DVD Rental › Customer › FLORA LINDQVIST")
  }

  @Test func narrowScreensShowFewerPanes() throws {
    let demo = try AppDriver.demo()
    let keys = "Down Down Enter Enter"
    #expect(demo.screen(keys, width: 160, height: 24).occurrences(of: "╭─") == 3)
    #expect(demo.screen(keys, width: 100, height: 24).occurrences(of: "╭─") == 2)
    let narrow = demo.screen(keys, width: 70, height: 24)
    #expect(narrow.occurrences(of: "╭─") == 1)
    #expect(narrow.contains("╭─ AMBER ANCHOR "))
  }

  @Test func quitKeyEndsTheRun() throws {
    let demo = try AppDriver.demo()
    var app = demo.makeApp()
    let screen = run(&app, "q Down Down Enter")
    #expect(screen.breadcrumb == " DVD Rental", "keys after q are not read")
  }
}
