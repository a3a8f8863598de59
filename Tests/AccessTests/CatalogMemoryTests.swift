import Access
import Synchronization
import TestSupport
import Testing

/// Issue 28 item 2: a start that recalls the catalog of an earlier start builds its model
/// from it without reading the catalog first; the check that follows finds the same
/// catalog (reading is deterministic on every engine, or each start would start twice) or
/// a changed one, which replaces the model of both connections and is remembered.
@Suite struct CatalogMemoryTests {
  @Test(arguments: IntegrationTests.backends)
  func aRememberedCatalogOpensWithoutReadingItAndTheCheckFindsItTheSame(_ backend: Backend) throws {
    let fixture = try backend.open()
    defer { fixture.close() }
    let memory = TestMemory()
    let first = try open(fixture, memory: memory)
    #expect(memory.remembered.count == 1, "the first start keeps what it read")
    #expect(!first.0.hasUncheckedCatalog)
    try close(first)

    let reached = Mutex<[String]>([])
    let (database, counts) = try open(fixture, memory: memory) { phase in reached.withLock { $0.append(phase) } }
    defer { try? close((database, counts)) }
    let phases = reached.withLock { $0 }.filter { $0 != "second connection" }
    #expect(phases == ["connected", "catalog recalled", "model built"], "no catalog read before it returns")
    #expect(database.hasUncheckedCatalog)
    #expect(database.model == fixture.database.model)
    #expect(try database.checkCatalog() == false, "the same schema reads as the same catalog")
    #expect(!database.hasUncheckedCatalog)
    #expect(memory.remembered.count == 1, "nothing new to keep")
    #expect(try database.checkCatalog() == false, "checked once")
  }

  @Test(arguments: IntegrationTests.backends)
  func aChangedSchemaReplacesTheModelOfBothConnections(_ backend: Backend) throws {
    let fixture = try backend.open()
    defer { fixture.close() }
    let memory = TestMemory()
    try close(open(fixture, memory: memory))
    try fixture.database.withChannel {
      try $0.executeScript("CREATE TABLE catalog_check_extra (id INTEGER PRIMARY KEY, note VARCHAR(20))")
    }

    let (database, counts) = try open(fixture, memory: memory)
    defer { try? close((database, counts)) }
    let second = try counts.database()
    #expect(database.model[entity: "CatalogCheckExtra"] == nil, "built from the remembered catalog")
    #expect(try database.checkCatalog() == true)
    #expect(database.model[entity: "CatalogCheckExtra"]?.attributes.map(\.name) == ["id", "note"])
    #expect(second.model == database.model, "the counts' connection has the new model too")
    #expect(memory.remembered.count == 2)
    #expect(memory.remembered.last?.tables.contains { $0.name == "catalog_check_extra" } == true)
    #expect(try database.count(FetchSpecification(entityName: "CatalogCheckExtra")) == 0)
  }

  /// Row estimates that moved (an `ANALYZE`) are no schema change: the app is not started
  /// again for them, and the next start recalls the new ones.
  @Test func movedEstimatesAreKeptWithoutAChange() throws {
    let fixture = try Backend.sqlite.open()
    defer { fixture.close() }
    let memory = TestMemory()
    try close(open(fixture, memory: memory))
    var older = try #require(memory.recall())
    older.tables[0].estimatedRowCount = 12_345
    memory.remember(older)

    let (database, counts) = try open(fixture, memory: memory)
    defer { try? close((database, counts)) }
    #expect(try database.checkCatalog() == false)
    #expect(memory.remembered.count == 3, "the catalog with its new estimates is kept")
    #expect(memory.recall()?.tables[0].estimatedRowCount != 12_345)
    #expect(memory.recall()?.hasSameSchema(as: older) == true)
  }

  /// Closes a database and its second connection.
  private func close(_ opened: (Database, PendingDatabase)) throws {
    opened.0.close()
    try opened.1.database().close()
  }

  private func open(
    _ fixture: FixtureDatabase, memory: TestMemory, reached: @escaping @Sendable (String) -> Void = { _ in }
  ) throws -> (Database, PendingDatabase) {
    let adaptor = fixture.database.adaptor
    return try Database.opening(adaptor, withSecond: adaptor, memory: memory, reached: reached)
  }
}

/// Keeps catalogs in memory; recalls the last one kept.
final class TestMemory: CatalogMemory {
  private let kept = Mutex<[Catalog]>([])

  var remembered: [Catalog] { kept.withLock { $0 } }

  func recall() -> Catalog? { kept.withLock { $0.last } }

  func remember(_ catalog: Catalog) { kept.withLock { $0.append(catalog) } }
}
