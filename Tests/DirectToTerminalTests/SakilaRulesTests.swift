import Foundation
import Testing

/// Each customisation of `Rules/sakila.rules` (issue 6, item 9), as the user sees it.
@Suite struct SakilaRulesTests {
  /// `sakila.rules:N`, N the line of the first rule containing `text`.
  static func source(of text: String) throws -> String {
    let lines = try String(contentsOfFile: TestDatabases.sakilaRules, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: false)
    let index = try #require(lines.firstIndex { $0.contains(text) }, "no rule with \(text)")
    return "sakila.rules:\(index + 1)"
  }

  @Test func visibleEntitiesInOrderWithActorAsMoviestars() throws {
    let screen = try AppDriver.demo().screen(width: 60, height: 12)
    let entities = try #require(screen.pane(titled: "Entities"))
    let names = entities.map { $0.dropFirst().split(separator: " ").map(String.init) }
    #expect(
      names.prefix(6) == [
        ["Customer", "599"], ["Moviestars", "200"], ["Film", "1,000"], ["Store", "2"], ["Staff", "2"], [],
      ], "\(screen)")
    let moviestars = try AppDriver.demo().screen("Down Enter", width: 60, height: 12)
    #expect(moviestars.breadcrumb == " DVD Rental › Moviestars")
    #expect(moviestars.contains("╭─ Moviestars (200) "))
  }

  @Test func customerListShowsFirstNameLastNameAndPhone() throws {
    let screen = try AppDriver.demo().screen("Enter", width: 80, height: 12)
    let list = try #require(screen.pane(titled: "Customer (599)"))
    #expect(list[0].contains(/^First Name +Last Name +Phone +1\/599$/), "\(screen)")
    #expect(list[1].contains(/^ELLIOT +VANCE +558931910242$/), "\(screen)")
  }

  @Test func currencyForRentalRateAndReplacementCost() throws {
    let screen = try AppDriver.demo().screen("Down Down Enter Enter", width: 160, height: 30)
    #expect(screen.contains(/│ Rental Rate +\$2\.99 +│/), "\(screen)")
    #expect(screen.contains(/│ Replacement Cost +\$15\.99 +│/), "\(screen)")
  }

  @Test func currencyForPaymentAmount() throws {
    // ELLIOT VANCE's first payment, opened from his Payments (the ninth row).
    let keys = "Enter Enter " + NavigationTests.downs(9) + " Enter Enter"
    let screen = try AppDriver.demo().screen(keys, width: 160, height: 30)
    let amount = try #require(screen.line(containing: "│ Amount "), "\(screen)")
    #expect(amount.contains(/│ Amount +\$[0-9]+\.[0-9]{2}[ ]/), "\(amount)")
  }

  @Test func descriptionIsALargeStringWrappedInTheInspector() throws {
    let screen = try AppDriver.demo().screen("Down Down Enter Enter", width: 160, height: 30)
    let inspector = try #require(screen.pane(titled: "AMBER ANCHOR"))
    let start = try #require(inspector.firstIndex { $0.hasPrefix(" Description ") })
    let valueColumn = try #require(inspector[start].firstRange(of: "A Fearless")).lowerBound
    let indent = inspector[start].distance(from: inspector[start].startIndex, to: valueColumn)
    let continued = inspector[(start + 1)...].prefix { $0.hasPrefix(String(repeating: " ", count: indent)) }
    #expect(continued.count >= 2, "wrapped on several lines:\n\(screen)")
    let text = ([String(inspector[start][valueColumn...])] + continued.map { String($0.dropFirst(indent)) })
      .joined(separator: " ")
    #expect(text == "A Fearless Portrait of a Falconer and a Chess Master who must marry a Clockmaker under the Ice")
    // In the list the same text stays on one line, cut.
    #expect(screen.contains(/│972 AMBER ANCHOR +A Fearless Portrait of a [A-Za-z ]*…/), "\(screen)")
  }

  @Test func emailIsShownByTheEmailComponent() throws {
    let screen = try AppDriver.demo().screen("Enter Enter Down Down Down Down F12", width: 240, height: 40)
    #expect(
      screen.contains(/│▌Email +\[DE\] ELLIOT\.VANCE@sakilacustomer\.org/),
      "with its component tag in debug mode:\n\(screen)")
    #expect(screen.contains("Property 'email'"))
    let component = try #require(screen.line(containing: "component = DisplayEmail"))
    #expect(component.contains("← " + (try Self.source(of: "component <= DisplayEmail"))), "\(component)")
  }

  @Test func activeIsACheckOrACross() throws {
    let active = try AppDriver.demo().screen("Enter Enter", width: 160, height: 30)
    #expect(active.contains(/│ Active +✓ +│/), "\(active)")
    // 13 customers are inactive.
    let inactive = try AppDriver.demo().screen(
      "Enter \\ " + typing("active = 0") + " Enter Enter", width: 160, height: 30)
    #expect(inactive.contains("╭─ Customer (13) "), "\(inactive)")
    #expect(inactive.contains(/│ Active +✗ +│/), "\(inactive)")
  }

  @Test func staffIsReadOnlyAndCustomersAreNot() throws {
    let staff = try AppDriver.demo().screen("Down Down Down Down Enter Enter F12", width: 240, height: 40)
    #expect(staff.breadcrumb == " DVD Rental › Staff › Mike Hillyer")
    #expect(staff.line(containing: "isEntityReadOnly = true   ← defaults.rules:") != nil, "\(staff)")
    #expect(staff.line(containing: "isObjectEditable = false   ← defaults.rules:") != nil)
    #expect(staff.line(containing: "isObjectDeletable = false") != nil)
    let customer = try AppDriver.demo().screen("Enter Enter F12", width: 240, height: 40)
    #expect(customer.line(containing: "isEntityReadOnly = false") != nil, "\(customer)")
    #expect(customer.line(containing: "isObjectEditable = true") != nil)
  }
}

extension SakilaRulesTests {
  /// `customer.active` is `CHAR(1)` holding '1'/'0' on SQLite, a boolean on PostgreSQL:
  /// the example filter works on both.
  @Test func booleanFilterOnActive() throws {
    let demo = try AppDriver.demo()
    let active = demo.screen("Enter \\ " + typing("active = true") + " Enter", width: 100, height: 10)
    #expect(active.contains("╭─ Customer (586) "), "\(active)")
    let inactive = demo.screen("Enter \\ " + typing("active = false") + " Enter", width: 100, height: 10)
    #expect(inactive.contains("╭─ Customer (13) "), "\(inactive)")
    let example = demo.screen(
      "Enter \\ " + typing("lastName like 'S*' and active = true") + " Enter", width: 100, height: 10)
    #expect(example.contains("╭─ Customer (33) "), "\(example)")
  }
}
