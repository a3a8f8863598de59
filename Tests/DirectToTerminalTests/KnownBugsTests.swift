import Testing

/// Behaviour the app gets wrong today, reported to the lead. Each test states what a user
/// expects; they fail until the app is fixed.
@Suite struct KnownBugsTests {
  /// `\ active = true` (the issue's own example filter) finds no customer on the SQLite
  /// demo: `customer.active` is `CHAR(1)` holding '1'/'0', and the qualifier binds the
  /// text 'true'. 586 customers are active and 13 are not; 33 active ones have a last
  /// name in S (as on PostgreSQL, where the same filter works).
  @Test func booleanFilterOnTheDemoFindsActiveCustomers() throws {
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
