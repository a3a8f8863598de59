import Access
import Foundation
import PostgreSQLAdaptor
import Testing

/// Flattened many-to-manys are followed like any to-many; PostgreSQL comments are the
/// descriptions under the focused field.
@Suite struct RelationshipScreenTests {
  @Test func filmActorsOpenTheFilmsActors() throws {
    // AMBER ANCHOR (film 972) has 8 actors through film_actor; Actors is its inspector's
    // second-to-last row.
    let screen = try AppDriver.demo().screen("Down Down Enter Enter End Up Enter", width: 160, height: 40)
    #expect(screen.breadcrumb == " DVD Rental › Film › AMBER ANCHOR › Actors (8)", "\(screen)")
    let actors = try #require(screen.pane(titled: "Actors (8)"))
    #expect(actors.count(where: { !$0.isEmpty }) == 9, "a header and 8 actors:\n\(screen)")
    for name in ["BENNETT", "EDGAR", "FERN", "HECTOR", "IGNATIUS", "ROLAND", "TOBIAS", "VICTOR"] {
      #expect(actors.contains { $0.contains(name) }, "\(name) plays in AMBER ANCHOR")
    }
    #expect(screen.statusBar.hasSuffix("row 1 of 8"))
  }

  @Test(.enabled(if: PostgresDemo.enabled)) func commentsAreHintsInInspectorAndEditor() throws {
    let url = try PostgresDemo.createDatabase(prefix: "d2t_comments")
    let channel = try PostgreSQLAdaptor(connectionString: url).openChannel()
    try channel.executeScript(
      """
      CREATE TABLE author (id serial PRIMARY KEY, name text NOT NULL);
      COMMENT ON TABLE author IS 'People who write books';
      COMMENT ON COLUMN author.name IS E'Full name,\\nas printed\\u001b[31m';
      INSERT INTO author (name) VALUES ('Le Guin');
      """)
    channel.close()
    let driver = AppDriver(
      database: try Database(adaptor: PostgreSQLAdaptor(connectionString: url)),
      countDatabase: try Database(adaptor: PostgreSQLAdaptor(connectionString: url)),
      ruleFiles: [], title: nil)
    defer {
      driver.database.close()
      driver.countDatabase.close()
      if let server = PostgresDemo.serverURL, let name = URLComponents(string: url)?.path.dropFirst(),
        let admin = try? PostgreSQLAdaptor(connectionString: server).openChannel()
      {
        try? admin.executeScript("DROP DATABASE IF EXISTS \(name) WITH (FORCE)")
        admin.close()
      }
    }
    var app = driver.makeApp()
    var screen = run(&app, "Enter Enter")
    let inspector = try #require(screen.pane(titled: "Le Guin"))
    #expect(inspector.last?.contains("People who write books") == true, "the table's description:\n\(screen)")
    screen = run(&app, "Down")
    let focused = try #require(screen.pane(titled: "Le Guin"))
    #expect(focused.last?.contains("Full name, as printed␛[31m") == true, "the field's description:\n\(screen)")
    screen = run(&app, "e Down")
    let editor = try #require(screen.pane(titled: "Edit Le Guin"))
    #expect(editor.contains { $0.contains("Full name, as printed") }, "the editor's hint:\n\(screen)")
    #expect(!screen.lines.joined().contains("\u{1b}"))
  }
}
