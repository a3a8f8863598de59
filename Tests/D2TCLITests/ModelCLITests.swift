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
    try channel.executeScript(
      """
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

  @Test func aDatabaseWithoutTablesSaysSo() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.url.appendingPathComponent("empty.sqlite").path
    _ = FileManager.default.createFile(atPath: path, contents: nil)
    let result = try D2TProcess.run(["model", "empty.sqlite"], in: directory.url)
    #expect(result.status == 0)
    #expect(result.stdout.contains("has no tables or views"), "\(result.stdout)")
  }

  /// Odd column names print as rules write them, and the columns stay aligned.
  @Test func oddNamesPrintBackquotedAndAligned() throws {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = directory.url.appendingPathComponent("odd.sqlite3").path
    let channel = try SQLiteAdaptor(path: path, createIfMissing: true).openChannel()
    try channel.executeScript(
      #"""
      CREATE TABLE "Order Line" (id INTEGER PRIMARY KEY, "Qty." INTEGER, "名前" TEXT, "order" TEXT, "1st" TEXT);
      """#)
    channel.close()

    let result = try D2TProcess.run(["model", path])

    #expect(result.status == 0, "\(result.stderr)")
    let lines = result.stdout.split(separator: "\n").map(String.init)
    let qty = try #require(lines.first { $0.contains("Qty.") }, "\(result.stdout)")
    #expect(qty.hasPrefix("  `Qty.`  "), "\(result.stdout)")
    #expect(lines.contains { $0.hasPrefix("  `1st`  ") }, "\(result.stdout)")
    #expect(lines.contains { $0.hasPrefix("  order  ") }, "order is no word of the filter language\n\(result.stdout)")
    let columnStarts = lines.filter { $0.hasPrefix("  ") }.compactMap(secondCellColumn)
    #expect(Set(columnStarts).count == 1, "aligned by display width\n\(result.stdout)")
  }

  /// The display column where the second cell of a `d2t model` line starts (CJK counts 2).
  private func secondCellColumn(_ line: String) -> Int? {
    let body = line.dropFirst(2)
    guard let gap = body.range(of: "  ") else { return nil }
    let first = body[..<gap.lowerBound]
    let spaces = body[gap.lowerBound...].prefix { $0 == " " }.count
    let width = first.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x1100 ? 2 : 1) }
    return 2 + width + spaces
  }
}
