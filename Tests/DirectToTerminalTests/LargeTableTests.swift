import Testing

/// Search, filter, sort, first and last on a 200,000-row table, all in SQL.
@Suite struct LargeTableTests {
  /// The `item` list, opened from the entity list.
  static let list = "Enter"

  @Test func entityListCountsTheRowsAndTheListOpensAtTheTop() throws {
    let driver = try AppDriver.large()
    let entities = driver.screen(width: 100, height: 20)
    #expect(entities.contains(/│▌Item +200,000│/), "\(entities)")
    let screen = driver.screen(Self.list, width: 100, height: 20)
    #expect(screen.contains("╭─ Item (200,000) "))
    #expect(screen.statusBar.hasSuffix("row 1 of 200,000"))
    #expect(screen.contains(/│ +Id Name +Price Color +1\/200,000 │/), "\(screen)")
    #expect(screen.contains(/│ +1 item 1 +0\.10 green +│/), "\(screen)")
  }

  @Test(arguments: ["G", "End"])
  func lastRowAtOnce(_ key: String) throws {
    let screen = try AppDriver.large().screen(Self.list + " " + key, width: 100, height: 20)
    #expect(screen.statusBar.hasSuffix("row 200,000 of 200,000"), "\(screen)")
    #expect(screen.contains("item 200000"))
    #expect(!screen.contains("item 1 "))
  }

  @Test(arguments: ["g", "Home"])
  func firstRowAtOnceAfterTheLast(_ key: String) throws {
    let screen = try AppDriver.large().screen(Self.list + " G " + key, width: 100, height: 20)
    #expect(screen.statusBar.hasSuffix("row 1 of 200,000"), "\(screen)")
    #expect(screen.contains("item 1 "))
    #expect(!screen.contains("item 200000"))
  }

  @Test func upFromTheLastRowScrollsBack() throws {
    let screen = try AppDriver.large().screen(Self.list + " G Up Up", width: 100, height: 20)
    #expect(screen.statusBar.hasSuffix("row 199,998 of 200,000"), "\(screen)")
  }

  @Test func pagingPastTheLoadedWindowAndBack() throws {
    // 15 rows a page at this height: 60 pages down is row 901, past the 600 rows the list
    // keeps loaded, so it has fetched pages after and dropped pages before.
    let down = Array(repeating: "PageDown", count: 60).joined(separator: " ")
    let screen = try AppDriver.large().screen(Self.list + " " + down, width: 100, height: 20)
    #expect(screen.statusBar.hasSuffix("row 901 of 200,000"), "\(screen)")
    #expect(screen.contains(/│ *901 item 901 +90\.10 green +│/), "\(screen)")
    let up = Array(repeating: "PageUp", count: 60).joined(separator: " ")
    let back = try AppDriver.large().screen(Self.list + " " + down + " " + up, width: 100, height: 20)
    #expect(back.statusBar.hasSuffix("row 1 of 200,000"), "\(back)")
    #expect(back.contains(/│ *1 item 1 +0\.10 green +│/), "\(back)")
  }

  @Test func searchFindsTextAndNumbers() throws {
    // "12345" is in the names of 12345, 112345 and 123450…123459, and is id 12345.
    let screen = try AppDriver.large().screen(Self.list + " / 12345 Enter", width: 100, height: 24)
    #expect(screen.contains("╭─ Item (12) "), "\(screen)")
    #expect(screen.statusBar.hasSuffix("row 1 of 12"))
    #expect(screen.contains("search: 12345"))
    for name in ["item 12345", "item 112345", "item 123450", "item 123459"] {
      #expect(screen.contains(name + " "), "\(name) in:\n\(screen)")
    }
  }

  @Test func searchWithNoMatchShowsNoRows() throws {
    let screen = try AppDriver.large().screen(
      Self.list + " / " + typing("no such thing") + " Enter", width: 100, height: 24)
    #expect(screen.contains("No rows"), "\(screen)")
    #expect(screen.contains("╭─ Item (0) "))
    #expect(screen.statusBar.hasSuffix("no rows"))
  }

  @Test func escapeCancelsTheSearchLine() throws {
    let screen = try AppDriver.large().screen(Self.list + " / 12345 Escape", width: 100, height: 24)
    #expect(screen.contains("╭─ Item (200,000) "))
    #expect(!screen.contains("search:"))
  }

  @Test func filterWithAQualifier() throws {
    // price < 0.5 keeps ids ending in 000…004; red keeps multiples of 4: 400 rows.
    let filter = "color = 'red' and price < 0.5"
    let screen = try AppDriver.large().screen(Self.list + " \\ " + typing(filter) + " Enter", width: 100, height: 24)
    #expect(screen.contains("╭─ Item (400) "), "\(screen)")
    #expect(screen.contains("filter: " + filter))
    #expect(screen.contains("item 1000 ") && screen.contains("item 1004 "))
    #expect(!screen.contains("item 1001 "))
  }

  @Test func filterWithLikeAndAWildcard() throws {
    let screen = try AppDriver.large().screen(
      Self.list + " \\ " + typing("name like 'item 19999*'") + " Enter", width: 100, height: 24)
    #expect(screen.contains("╭─ Item (11) "), "\(screen)")
  }

  @Test func badQualifierShowsItsErrorInPlace() throws {
    let screen = try AppDriver.large().screen(Self.list + " \\ " + typing("price >") + " Enter", width: 100, height: 24)
    let error = try #require(screen.line(containing: "⚠ "), "\(screen)")
    #expect(error.contains("column "), "the error says where: \(error)")
    #expect(screen.line(containing: "│\\price >") != nil, "the line stays open for a fix:\n\(screen)")
    #expect(screen.contains("╭─ Item (200,000) "), "rows stay as they were")
    // Fixing the text and Enter applies it.
    let fixed = try AppDriver.large().screen(
      Self.list + " \\ " + typing("price >") + " Enter " + typing(" 99.85") + " Enter", width: 100, height: 24)
    #expect(fixed.contains("╭─ Item (200) "), "\(fixed)")
    #expect(!fixed.contains("⚠ "))
  }

  @Test func filterOnAnUnknownPropertyNamesIt() throws {
    let screen = try AppDriver.large().screen(
      Self.list + " \\ " + typing("weight > 3") + " Enter", width: 100, height: 24)
    let error = try #require(screen.line(containing: "⚠ "), "\(screen)")
    #expect(error.contains("weight"), "\(error)")
  }

  @Test func sortByTheFocusedColumn() throws {
    let driver = try AppDriver.large()
    // The first column (Id) is focused: S sorts it descending.
    let idDescending = driver.screen(Self.list + " S", width: 100, height: 24)
    #expect(idDescending.contains("item 200000 "))
    #expect(idDescending.line(containing: "Id ▼") != nil, "\(idDescending)")
    // > focuses Name: s sorts by name as text.
    let nameAscending = driver.screen(Self.list + " ] s", width: 100, height: 24)
    let rows = try #require(nameAscending.pane(titled: "Item (200,000)"))
    #expect(rows.count > 4)
    #expect(rows[0].contains("Name ▲"), "\(nameAscending)")
    #expect(rows[1].hasSuffix("item 1") || rows[1].contains("item 1 "))
    #expect(rows[2].contains("item 10 "))
    #expect(rows[3].contains("item 100 "))
    let nameDescending = driver.screen(Self.list + " ] S", width: 100, height: 24)
    #expect(try #require(nameDescending.pane(titled: "Item (200,000)"))[1].contains("item 99999 "))
    // < goes back to Id.
    let back = driver.screen(Self.list + " ] ] [ [ S", width: 100, height: 24)
    #expect(back.line(containing: "Id ▼") != nil, "\(back)")
  }

  @Test func sortThenLastRow() throws {
    let screen = try AppDriver.large().screen(Self.list + " ] S G", width: 100, height: 24)
    #expect(screen.statusBar.hasSuffix("row 200,000 of 200,000"), "\(screen)")
    #expect(screen.contains("item 1 "), "the last row by name descending is item 1:\n\(screen)")
  }
}
