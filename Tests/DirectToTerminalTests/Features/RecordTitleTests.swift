import Access
@testable import DirectToTerminal
import Testing

/// How rows are named in to-one cells and breadcrumbs (issue 22 item 14): a person by
/// their names even beside a job-title column, a film by its title, a thing by its name.
@Suite struct RecordTitleTests {
  static let text = ValueType.text(maxLength: nil, isFixedWidth: false)
  static let int = ValueType.integer(bits: 32)

  static func entity(_ table: String, _ columns: [String]) -> Entity? {
    let catalog = Catalog(tables: [
      TableInfo(
        name: table,
        columns: [ColumnInfo(name: "id", declaredType: "integer", valueType: int, isNullable: false)]
          + columns.map { ColumnInfo(name: $0, declaredType: "text", valueType: text, isNullable: true) },
        primaryKey: ["id"])
    ])
    return ModelBuilder.model(from: catalog).entities.first
  }

  @Test func aPersonIsNamedByTheirNamesNotTheirJobTitle() throws {
    // chinook's and northwind's employees: Title is "Sales Support Agent", "Vice President, Sales".
    let employee = try #require(Self.entity("employee", ["last_name", "first_name", "title", "reports_to"]))
    #expect(RecordTitle.keyPaths(for: employee) == ["firstName", "lastName"])
    let row = Row(
      columns: ["id", "lastName", "firstName", "title"],
      values: [.integer(3), .text("Peacock"), .text("Jane"), .text("Sales Support Agent")])
    #expect(RecordTitle.title(of: row, entity: employee) == "Jane Peacock")
  }

  @Test func otherRowsKeepTheirTitleOrName() throws {
    let film = try #require(Self.entity("film", ["title", "description"]))
    #expect(RecordTitle.keyPaths(for: film) == ["title"])
    let artist = try #require(Self.entity("artist", ["name"]))
    #expect(RecordTitle.keyPaths(for: artist) == ["name"])
    // A person table with a full name of its own keeps it.
    let user = try #require(Self.entity("app_user", ["name", "first_name", "last_name"]))
    #expect(RecordTitle.keyPaths(for: user) == ["name"])
    let author = try #require(Self.entity("author", ["given_name", "family_name", "title"]))
    #expect(RecordTitle.keyPaths(for: author) == ["givenName", "familyName"])
  }

  @Test func aTimestampInATitleReadsAsTheListsShowIt() throws {
    let catalog = Catalog(tables: [
      TableInfo(
        name: "event_log",
        columns: [
          ColumnInfo(
            name: "at", declaredType: "timestamptz", valueType: .timestamp(withTimeZone: true), isNullable: false),
          ColumnInfo(name: "seq", declaredType: "integer", valueType: Self.int, isNullable: false),
        ],
        primaryKey: ["at", "seq"])
    ])
    let log = try #require(ModelBuilder.model(from: catalog).entities.first)
    let stamp = try #require(SQLTimestamp(iso: "2022-01-23 13:03:52.212496+00"))
    let row = Row(columns: ["at", "seq"], values: [.timestamp(stamp), .integer(26990)])
    #expect(RecordTitle.title(of: row, entity: log) == "2022-01-23 13:03:52.212496 UTC 26990")
  }
}
