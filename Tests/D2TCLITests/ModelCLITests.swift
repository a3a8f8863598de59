import Foundation
import SQLiteAdaptor
import Testing

/// `d2t model DATABASE [--json]`.
@Suite struct ModelCLITests {
  @Test func jsonListsFilmWithItsDecimalRentalRate() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }

    let result = try D2TProcess.run(["model", demo.path, "--json"])

    #expect(result.status == 0, "\(result.stderr)")
    let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    let entities = try #require(json["entities"] as? [[String: Any]])
    let film = try #require(entities.first { $0["name"] as? String == "Film" })
    #expect(film["table"] as? String == "film")
    let attributes = try #require(film["attributes"] as? [[String: Any]])
    let rentalRate = try #require(attributes.first { $0["name"] as? String == "rentalRate" })
    #expect(rentalRate["type"] as? String == "decimal(4,2)")
    #expect(rentalRate["column"] as? String == "rental_rate")
  }

  @Test func inferredAndFlattenedRelationshipsAreMarked() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.url.appendingPathComponent("books.sqlite").path
    let channel = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
    try channel.executeScript("""
      CREATE TABLE author (id INTEGER PRIMARY KEY, name TEXT);
      CREATE TABLE book (id INTEGER PRIMARY KEY, author_id INTEGER, title TEXT);
      CREATE TABLE tag (id INTEGER PRIMARY KEY, label TEXT);
      CREATE TABLE book_tag (book_id INTEGER REFERENCES book, tag_id INTEGER REFERENCES tag,
        created_at TIMESTAMP, PRIMARY KEY (book_id, tag_id));
      """)
    channel.close()

    let result = try D2TProcess.run(["model", path])

    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }
    #expect(lines.contains("→ author Author authorId = id to-one, inferred"), "\(result.stdout)")
    #expect(lines.contains("⇉ books Book id = authorId to-many, inferred"), "\(result.stdout)")
    #expect(lines.contains("⇉ tags Tag id = bookTags.bookId to-many, through BookTag"), "\(result.stdout)")
    let json = try D2TProcess.run(["model", path, "--json"])
    #expect(json.stdout.contains("\"isInferred\" : true") || json.stdout.contains("\"isInferred\":true"))
  }

  @Test func missingSQLiteFileFailsWithoutCreatingIt() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }

    let result = try D2TProcess.run(["model", "missing.db"], in: directory.url)

    #expect(result.status != 0)
    #expect(result.stdout == "")
    #expect(result.stderr.contains("SQLite database not found"))
    #expect(!FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("missing.db").path))
  }
}
