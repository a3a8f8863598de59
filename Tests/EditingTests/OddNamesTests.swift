import Access
import DirectToTerminal
import Foundation
import PostgreSQLAdaptor
import Qualifiers
import SQLiteAdaptor
import Testing
import TestSupport

/// Tables and columns named as real schemas name them — dots, spaces, quotes, reserved
/// words, `€`, emoji, CJK, leading digits, mixed case, a schema of their own — listed,
/// sorted, searched, filtered (typed and quick), inspected, edited and saved on both
/// databases.
@Suite(.serialized) struct OddNamesTests {
  static let backends: [OddNames.Backend] =
    EditingFixture.runsPostgres ? [.sqlite, .postgresql] : [.sqlite]

  @Test(arguments: backends) func listShowsEveryOddColumn(_ backend: OddNames.Backend) throws {
    let corpus = try OddNames(backend)
    defer { corpus.close() }
    var app = try corpus.app()
    let screen = EditingFixture.screen(&app, "Enter")
    #expect(!screen.contains("has no property"), "\(screen)")
    #expect(screen.contains("Order Line (3)"), "\(screen)")
    let header = try #require(screen.split(separator: "\n").first { $0.contains("Select") }, "\(screen)")
    #expect(!header.contains("`"), "labels show names, not key-path text\n\(screen)")
    for label in ["Qty.", "it's", "Select", "Order", "Group", "User", "Preis €", "🎉", "名前", "1st"] {
      #expect(header.contains(label), "label \(label)\n\(screen)")
    }
    let first = try #require(screen.split(separator: "\n").first { $0.contains("alpha") }, "\(screen)")
    for value in ["12", "o'k", "sel-a", "grp-a", "usr-a", "party", "一", "first-a", "Widget."] {
      #expect(first.contains(value), "value \(value)\n\(screen)")
    }
  }

  @Test(arguments: backends) func sortSearchAndTypedFilter(_ backend: OddNames.Backend) throws {
    let corpus = try OddNames(backend)
    defer { corpus.close() }
    var app = try corpus.app()
    let sorted = EditingFixture.screen(&app, "Enter ] S")
    let rows = sorted.split(separator: "\n").filter { $0.contains("first-") }
    #expect(rows.map { $0.contains("first-b") } == [true, false, false], "sorted on Qty. descending\n\(sorted)")
    let searched = EditingFixture.screen(&app, "/ gamma Enter")
    #expect(searched.contains("Order Line (1)"), "\(searched)")
    var fresh = try corpus.app()
    let filtered = EditingFixture.screen(
      &fresh, "Enter \\ `Qty.` Space > Space 10 Space and Space `order` Space = Space 2 Enter")
    #expect(filtered.contains("Order Line (1)"), "\(filtered)")
    #expect(filtered.contains("filter: `Qty.` > 10 and `order` = 2"), "\(filtered)")
  }

  @Test(arguments: backends) func quickFilterPrintsAFilterThatParsesBack(_ backend: OddNames.Backend) throws {
    let corpus = try OddNames(backend)
    defer { corpus.close() }
    var app = try corpus.app()
    let screen = EditingFixture.screen(&app, "Enter ] ] =")
    #expect(screen.contains("filter: `it's` = 'o\\'k'"), "\(screen)")
    #expect(screen.contains("Order Line (1)"), "\(screen)")
    let again = EditingFixture.screen(&app, "\\ Enter")
    #expect(again.contains("Order Line (1)"), "the printed filter parses back\n\(again)")
    #expect(!again.contains("expected"), "\(again)")
  }

  @Test(arguments: backends) func inspectEditAndSave(_ backend: OddNames.Backend) throws {
    let corpus = try OddNames(backend)
    defer { corpus.close() }
    var app = try corpus.app()
    let inspector = EditingFixture.screen(&app, "Enter Enter")
    #expect(inspector.contains("first-a"), "\(inspector)")
    #expect(inspector.contains("Widget."), "the to-one through a table with a dotted column\n\(inspector)")
    let saved = EditingFixture.screen(&app, "e Down C-u 42 C-s")
    #expect(saved.contains("Saved"), "\(saved)")
    let db = try Database(adaptor: corpus.adaptor())
    defer { db.close() }
    let entity = try #require(db.model[entity: "Order Line"])
    let row = try #require(try db.row(of: entity.name, key: ["id": .integer(1)]))
    #expect(row["Qty."] == .integer(42), "\(row)")
  }

  @Test(.enabled(if: PostgresTests.areOn, PostgresTests.skipReason)) func schemaQualifiedMixedCaseTableOnPostgreSQL()
    throws
  {
    let corpus = try OddNames(.postgresql)
    defer { corpus.close() }
    var app = try corpus.app(visible: ["CamelCase"])
    let screen = EditingFixture.screen(&app, "Enter")
    #expect(screen.contains("CamelCase (2)"), "\(screen)")
    #expect(screen.contains("Mixed Case"), "\(screen)")
    let filtered = EditingFixture.screen(&app, "\\ MixedCase Space = Space 'Two' Enter")
    #expect(filtered.contains("CamelCase (1)"), "\(filtered)")
    let saved = EditingFixture.screen(&app, "Enter e Down C-u Three C-s")
    #expect(saved.contains("Saved"), "\(saved)")
    let db = try Database(adaptor: corpus.adaptor())
    defer { db.close() }
    let row = try #require(try db.row(of: "CamelCase", key: ["id": .integer(2)]))
    #expect(row["MixedCase"] == .text("Three"), "\(row)")
  }
}

/// The odd-names corpus: `"Order Line"` with a column of each kind of odd name and a to-one
/// to `"Prod.uct"` (whose title column is `"Name."`); on PostgreSQL also
/// `"Sales Dept"."CamelCase"`.
struct OddNames {
  typealias Backend = EditingFixture.Backend

  static let tables = #"""
    CREATE TABLE "Prod.uct" (id INTEGER PRIMARY KEY, "Name." TEXT NOT NULL, "Street №" TEXT);
    CREATE TABLE "Order Line" (
      id INTEGER PRIMARY KEY, "Qty." INTEGER NOT NULL, "it's" TEXT, "select" TEXT, "order" INTEGER,
      "group" TEXT, "user" TEXT, "Preis €" NUMERIC(8,2), "🎉" TEXT, "名前" TEXT, "1st" TEXT,
      "say ""hi""" TEXT, label TEXT,
      "Prod.uct id" INTEGER REFERENCES "Prod.uct" (id));
    INSERT INTO "Prod.uct" VALUES (1, 'Widget.', 'Main St'), (2, 'Gadget', 'Side St');
    INSERT INTO "Order Line" VALUES
      (1, 12, 'o''k', 'sel-a', 1, 'grp-a', 'usr-a', 9.50, 'party', '一', 'first-a', 'hi-a', 'alpha', 1),
      (2, 30, 'x', 'sel-b', 2, 'grp-b', 'usr-b', 1.25, 'cake', '二', 'first-b', 'hi-b', 'beta', 2),
      (3, 5, 'y', 'sel-c', 2, 'grp-c', 'usr-c', 3.00, 'tea', '三', 'first-c', 'hi-c', 'gamma', 1);
    """#

  static let postgresOnly = """
    CREATE SCHEMA "Sales Dept";
    CREATE TABLE "Sales Dept"."CamelCase" (id INTEGER PRIMARY KEY, "MixedCase" TEXT NOT NULL);
    INSERT INTO "Sales Dept"."CamelCase" VALUES (1, 'One'), (2, 'Two');
    """

  let backend: Backend
  let location: String

  init(_ backend: Backend) throws {
    self.backend = backend
    location = try ScratchDatabase.create(backend, prefix: "d2t_odd")
    try ScratchDatabase.execute(
      backend == .postgresql ? Self.tables + Self.postgresOnly : Self.tables, backend, at: location)
  }

  func adaptor() -> any Adaptor {
    ScratchDatabase.adaptor(backend, at: location)
  }

  /// An app showing only `visible` in the entity list (entity names in rule strings).
  func app(visible: [String] = ["Order Line", "Prod.uct"]) throws -> D2TApp {
    let path = NSTemporaryDirectory() + "d2t-oddnames-\(UUID().uuidString).rules"
    let names = visible.map { QualifierValue.quote($0) }.joined(separator: ", ")
    try "*true* => visibleEntityNames <= (\(names))\n".write(toFile: path, atomically: true, encoding: .utf8)
    let configuration = D2TConfiguration(
      database: try Database(adaptor: adaptor()), ruleFiles: [path], keyRegistry: .d2t, title: "Odd")
    return D2TApp(configuration)
  }

  func close() {
    ScratchDatabase.drop(backend, at: location)
  }
}
