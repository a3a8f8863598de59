import Testing

/// Search, filter and sort on the demo's customer list, key paths (`address.phone`) included.
@Suite struct DemoQueryTests {
  static func customers(_ keys: String) throws -> Screen {
    try AppDriver.demo().screen("Enter " + keys, width: 100, height: 10)
  }

  @Test func sortByAKeyPathColumn() throws {
    let ascending = try Self.customers("] ] s")
    #expect(ascending.contains(/│First Name +Last Name +Phone ▲[ ]/), "\(ascending)")
    #expect(ascending.contains(/│DORIS +COLDWELL +001154372863[ ]/))
    let descending = try Self.customers("] ] S")
    #expect(descending.contains(/│First Name +Last Name +Phone ▼[ ]/), "\(descending)")
    #expect(descending.contains(/│SYBIL +HAWTHORNE +999212639847[ ]/))
    #expect(descending.statusBar.hasSuffix("row 1 of 599"))
  }

  @Test func filterOnAKeyPath() throws {
    let screen = try Self.customers("\\ " + typing("address.phone like '5*'") + " Enter")
    #expect(screen.contains("╭─ Customer (59) "), "\(screen)")
    #expect(screen.contains("filter: address.phone like '5*'"))
    #expect(screen.contains(/│ELLIOT +VANCE +558931910242[ ]/))
  }

  @Test func filterParseErrorSaysWhere() throws {
    let screen = try Self.customers("\\ " + typing("lastName =") + " Enter")
    #expect(screen.contains(/⚠ column 11: expected a value after '=', found end of input/), "\(screen)")
    #expect(screen.statusBar.hasPrefix(" Filter  Enter Apply  Esc Cancel"))
  }

  @Test func searchIsCaseInsensitiveOverTextColumns() throws {
    let screen = try Self.customers("/ vance Enter")
    #expect(screen.contains("search: vance"), "\(screen)")
    #expect(screen.contains(/│ELLIOT +VANCE +558931910242[ ]/))
    let count = try #require(screen.lines[1].firstMatch(of: /Customer \(([0-9]+)\)/)?.1)
    #expect(Int(count) ?? 0 >= 1)
    #expect(!screen.contains("FLORA"))
  }
}
