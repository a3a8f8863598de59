import Foundation
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
