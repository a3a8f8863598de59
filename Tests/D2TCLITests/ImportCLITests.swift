import Foundation
import Testing
import TestSupport

/// `d2t import DB ENTITY FILE`: an export imports back; a bad file names its lines on standard
/// error, exits 65 and writes nothing; `--dry-run` writes nothing.
@Suite struct ImportCLITests {
  @Test func anExportImportsBackAndABadFileWritesNothing() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }
    let csv = demo.directory.url.appendingPathComponent("categories.csv").path
    // The format follows the file's extension, as import's does.
    let exported = try D2TProcess.run(["export", demo.path, "category", "-o", csv])
    #expect(exported.status == 0, "\(exported.stderr)")
    let copy = demo.directory.url.appendingPathComponent("copy.sqlite").path
    let made = try ProcessRunner.run(
      "/usr/bin/sqlite3",
      [
        copy,
        "CREATE TABLE category (category_id INTEGER PRIMARY KEY, name VARCHAR(25) NOT NULL, last_update TIMESTAMP)",
      ])
    try #require(made.status == 0, "\(made.output)")

    let dry = try D2TProcess.run(["import", copy, "category", csv, "--dry-run"])
    #expect(dry.status == 0 && dry.stdout.contains("16 rows checked for Category"), "\(dry.stdout)\(dry.stderr)")
    let imported = try D2TProcess.run(["import", copy, "category", csv])
    #expect(imported.status == 0 && imported.stdout.contains("16 rows imported into Category"), "\(imported.stderr)")
    let again = try D2TProcess.run(["import", copy, "category", csv, "--on-conflict", "skip"])
    #expect(again.stdout.contains("0 imported, 16 skipped"), "\(again.stdout)\(again.stderr)")
    let back = try D2TProcess.run(["export", copy, "category", "--format", "csv"])
    #expect(back.stdout == (try String(contentsOfFile: csv, encoding: .utf8)), "the same rows")

    let bad = demo.directory.url.appendingPathComponent("bad.csv").path
    try "id,name\n100,ok\n101,\nx,y\n".write(toFile: bad, atomically: true, encoding: .utf8)
    let refused = try D2TProcess.run(["import", copy, "category", bad])
    let noFormat = try D2TProcess.run(["export", copy, "category"])
    #expect(noFormat.status == 64 && noFormat.stderr.contains("--format csv|jsonl|sql is needed"), "\(noFormat.stderr)")
    #expect(refused.status == 65, "\(refused.stderr)")
    #expect(refused.stderr.contains("bad.csv:3:2: name: must have a value (empty field)"), "\(refused.stderr)")
    #expect(refused.stderr.contains("bad.csv:4:1: id: a whole number ('x')"), "\(refused.stderr)")
    #expect(refused.stderr.contains("nothing was imported: 2 problems"), "\(refused.stderr)")
  }

  /// A device, a directory or a missing file is refused by name before the database is
  /// opened (`/dev/zero` was read without end).
  @Test func whatIsNotAFileIsRefusedByName() throws {
    let demo = try DemoDatabase()
    defer { demo.remove() }
    let device = try D2TProcess.run(["import", demo.path, "category", "/dev/zero"])
    #expect(device.status == 64, "\(device.stderr)")
    #expect(device.stderr.contains("/dev/zero: is a device, not a regular file"), "\(device.stderr)")
    let folder = try D2TProcess.run(["import", demo.path, "category", demo.directory.url.path])
    #expect(folder.stderr.contains("\(demo.directory.url.path): is a directory, not a file"), "\(folder.stderr)")
    let missing = try D2TProcess.run(["import", demo.path, "category", "missing.csv"])
    #expect(missing.stderr.contains("missing.csv: does not exist"), "\(missing.stderr)")
  }
}
