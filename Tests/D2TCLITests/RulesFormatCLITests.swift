import Foundation
import Testing

/// `d2t rules format FILE… [--check]` on real files: rewritten in place, checked without
/// writing, and a file with errors left as it was.
@Suite struct RulesFormatCLITests {
  static let messy = """
    # Customers
    task = 'list' and entity.name = 'Customer'
        => displayPropertyKeys <= (firstName, 'address.phone')   # two columns


    entity.name = 'Film' and propertyKey = 'rentalRate' => formatter <= 'number:2';very high\u{20}\u{20}
    """

  static let canonical = """
    # Customers
    task = 'list' AND entity.name = 'Customer' => displayPropertyKeys <= ('firstName', 'address.phone') # two columns

    entity.name = 'Film' AND propertyKey = 'rentalRate' => formatter <= 'number:2'; very high

    """

  @Test func formatsInPlaceAndCheckListsWhatWouldChange() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let file = scratch.url.appendingPathComponent("app.rules")
    try Self.messy.write(to: file, atomically: true, encoding: .utf8)

    let checked = try D2TProcess.run(["rules", "format", "--check", file.path])
    #expect(checked.status == 1)
    #expect(checked.stdout == "would reformat \(file.path)\n")
    #expect(try String(contentsOf: file, encoding: .utf8) == Self.messy, "--check writes nothing")

    let formatted = try D2TProcess.run(["rules", "format", file.path])
    #expect(formatted.status == 0, "\(formatted.stderr)")
    #expect(formatted.stdout == "formatted \(file.path)\n")
    #expect(try String(contentsOf: file, encoding: .utf8) == Self.canonical)

    let again = try D2TProcess.run(["rules", "format", "--check", file.path])
    #expect(again.status == 0 && again.stdout.isEmpty, "a formatted file is left as it is: \(again.stdout)")
    let clean = try D2TProcess.run(["rules", "check", file.path])
    #expect(clean.stdout.hasSuffix("1 file: 0 errors, 0 warnings\n"), "\(clean.stdout)")
  }

  @Test func aFileWithErrorsIsLeftUntouched() throws {
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let good = scratch.url.appendingPathComponent("good.rules")
    let bad = scratch.url.appendingPathComponent("bad.rules")
    let broken = "task = 'list'   =>  title <= 'ok'\ntask = 'edit' => titel <= 'x'\n"
    try "debug <= false   \n".write(to: good, atomically: true, encoding: .utf8)
    try broken.write(to: bad, atomically: true, encoding: .utf8)

    let result = try D2TProcess.run(["rules", "format", bad.path, good.path])

    #expect(result.status == 1)
    #expect(
      result.stderr.contains("\(bad.path):2:18: error: unknown key 'titel' (did you mean 'title'?)"), "\(result.stderr)"
    )
    #expect(try String(contentsOf: bad, encoding: .utf8) == broken)
    #expect(try String(contentsOf: good, encoding: .utf8) == "debug <= false\n", "the other files are formatted")
  }
}
