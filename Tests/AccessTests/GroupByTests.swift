import Access
import Foundation
import Qualifiers
import Testing
import TestSupport

/// Issue 25 item 3: groups with sums, averages, minimums and maximums, dates grouped by
/// month, sorted by any column, checked against values worked out by hand on every engine.
@Suite struct GroupByTests {
  static let backends = IntegrationTests.backends

  static let schema = """
    CREATE TABLE sale (id INTEGER PRIMARY KEY, region VARCHAR(10), sold_at TIMESTAMP NOT NULL,
      amount DECIMAL(8,2) NOT NULL, qty INTEGER NOT NULL);
    INSERT INTO sale VALUES (1, 'north', '2005-05-24 22:53:30', 4.99, 1), (2, 'north', '2005-05-30 10:00:00', 0.99, 3),
      (3, 'south', '2005-06-01 08:00:00', 10.50, 2), (4, NULL, '2005-06-15 12:00:00', 2.01, 1),
      (5, 'south', '2005-07-01 00:00:00', 1.00, 4);

    """

  @Test(arguments: backends) func groupsAddUpAsByHand(_ backend: Backend) throws {
    let (database, close) = try HardSchemaRelationshipTests.open(backend, script: Self.schema)
    defer { close() }
    var spec = FrequencySpecification(entityName: "Sale", keyPaths: ["region"], limit: 10)
    spec.aggregates = [
      Aggregate(.sum, "amount"), Aggregate(.avg, "qty"), Aggregate(.max, "soldAt"), Aggregate(.min, "amount"),
    ]
    spec.sortColumn = 2
    spec.ascending = false
    let groups = try database.frequencies(spec).groups
    func text(_ value: DatabaseValue) -> String {
      if value.isNull { return "∅" }
      if let number = Double(value.literalText) { return String(format: "%.2f", number) }
      return value.literalText
    }
    // north: 4.99 + 0.99 = 5.98, avg qty 2; south: 11.50, avg 3; NULL: 2.01, avg 1.
    #expect(
      groups.map { [text($0.values[0]), String($0.count), text($0.aggregates[0]), text($0.aggregates[1])] } == [
        ["south", "2", "11.50", "3.00"], ["north", "2", "5.98", "2.00"], ["∅", "1", "2.01", "1.00"],
      ])
    #expect(groups.first?.aggregates[2].literalText.contains("2005-07-01") == true)
    #expect(groups.first.map { text($0.aggregates[3]) } == "1.00")
  }

  @Test(arguments: backends) func datesGroupByMonth(_ backend: Backend) throws {
    let (database, close) = try HardSchemaRelationshipTests.open(backend, script: Self.schema)
    defer { close() }
    var spec = FrequencySpecification(entityName: "Sale", keyPaths: ["soldAt"], byValue: true, limit: 10)
    spec.buckets = ["soldAt": .month]
    spec.aggregates = [Aggregate(.sum, "qty")]
    let groups = try database.frequencies(spec)
    #expect(
      groups.groups.map { "\($0.values[0].stringValue ?? "?") \($0.count) \($0.aggregates[0].literalText)" } == [
        "2005-05 2 4", "2005-06 2 3", "2005-07 1 4",
      ])
    #expect(groups.groupCount == 3 && groups.rowCount == 5)
  }

  @Test func aggregatesParseAsWritten() {
    #expect(Aggregate(parsing: "sum(amount)") == Aggregate(.sum, "amount"))
    #expect(Aggregate(parsing: " AVG( customer.id ) ") == Aggregate(.avg, "customer.id"))
    #expect(Aggregate(parsing: "median(x)") == nil && Aggregate(parsing: "sum()") == nil)
  }
}
