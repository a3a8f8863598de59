import Access
import DirectToTerminal
import Qualifiers
import Testing

/// Keys typed faster than rows are read, from the list to a saved edit: the inspector's
/// `e` waits for its row, the editor's keys wait for its fields, so nothing typed is lost
/// or replaced by the row arriving.
enum KeyBurstEditChecks {
  static func openEditTypeAndSaveInOneBurst(_ fixture: EditingFixture) throws {
    let db = try fixture.otherUser()
    defer { db.close() }
    var app = try fixture.app()
    _ = EditingFixture.screen(&app, "Down Down Enter")
    let screen = EditingFixture.screen(&app, "{ Enter e Down C-u B U R S T C-s }")
    #expect(screen.contains("Saved Film “BURST”"), "\(screen)")
    let saved = try db.count(FetchSpecification(entityName: "Film", qualifier: Qualifier(parsing: "title = 'BURST'")))
    #expect(saved == 1, "the film is saved with the title typed")
  }

  static func aKeyTypedBeforeTheInspectorsRowIsReadActsOnIt(_ fixture: EditingFixture) throws {
    var app = try fixture.app()
    _ = EditingFixture.screen(&app, "Down Down Enter")
    let screen = EditingFixture.screen(&app, "{ Enter e }")
    #expect(screen.split(separator: "\n").first?.contains("› Edit ") == true, "the editor opened:\n\(screen)")
  }
}
