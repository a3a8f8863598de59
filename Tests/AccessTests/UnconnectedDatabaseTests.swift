import Access
import TestSupport
import Testing

/// Issue 28 item 2: a server start draws its first frame from the catalog an earlier start
/// remembered while its connection opens (`RunCommand.drawPreview`). The database that
/// frame is made on has that catalog's model and no connection: whatever would need one
/// fails at once, and says so.
@Suite struct UnconnectedDatabaseTests {
  @Test func anUnconnectedDatabaseHasTheRememberedModelAndRunsNothing() throws {
    let fixture = try Backend.sqlite.open()
    defer { fixture.close() }
    let catalog = try fixture.database.withChannel { try $0.readCatalog() }
    let preview = Database.unconnected(fixture.database.adaptor, catalog: catalog)
    defer { preview.close() }
    #expect(preview.isUnconnected)
    #expect(!fixture.database.isUnconnected)
    #expect(preview.model == fixture.database.model)
    #expect(!preview.hasUncheckedCatalog, "nothing to check: the real connection's database checks it")
    let entity = try #require(preview.model.entities.first)
    let error = try #require(throws: DatabaseError.self) {
      try preview.fetch(FetchSpecification(entityName: entity.name, limit: 10))
    }
    #expect(error.kind == .connection)
    #expect(error.message.hasPrefix("not connected to "))
    #expect(throws: DatabaseError.self) { try preview.count(FetchSpecification(entityName: entity.name)) }
    #expect(throws: DatabaseError.self) { try preview.reloadModel() }
    #expect(!preview.canReconnect, "never reconnected: the preview made on it is thrown away")
  }
}
