import Foundation
import Testing

/// Text snapshots of screens in `__Snapshots__/NAME.txt`. `RECORD_SNAPSHOTS=1` rewrites
/// them; a missing snapshot is written and the test fails once, so it is reviewed.
enum Snapshot {
  static let recording = ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"] == "1"

  static let directory = TestDatabases.repositoryRoot
    .appendingPathComponent("Tests/DirectToTerminalTests/__Snapshots__")

  static func expect(
    _ screen: Screen, named name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let actual = normalized(screen.lines).joined(separator: "\n") + "\n"
    let url = directory.appendingPathComponent(name + ".txt")
    let stored = try? String(contentsOf: url, encoding: .utf8)
    if recording || stored == nil {
      do {
        try actual.write(to: url, atomically: true, encoding: .utf8)
      } catch {
        Issue.record("cannot write the snapshot \(url.path): \(error)", sourceLocation: sourceLocation)
      }
      if stored == nil && !recording {
        Issue.record("recorded the new snapshot \(name).txt: check it and run again", sourceLocation: sourceLocation)
      }
      return
    }
    #expect(
      actual == stored, "screen differs from __Snapshots__/\(name).txt (RECORD_SNAPSHOTS=1 re-records):\n\(actual)",
      sourceLocation: sourceLocation)
  }

  /// The screen without what changes from run to run: SQL durations in the debug overlay
  /// become `#.## ms`, and its last statements are sorted (the count and the page queries
  /// run on two connections at once, so they finish in either order).
  static func normalized(_ lines: [String]) -> [String] {
    var rows = lines.map { Array($0) }
    guard let header = rows.firstIndex(where: { String($0).contains("│Last SQL") }),
      let range = String(rows[header]).range(of: "│Last SQL")
    else { return lines }
    let column = String(rows[header]).distance(from: String(rows[header]).startIndex, to: range.lowerBound) + 1
    var statements: [(row: Int, text: String)] = []
    for index in (header + 1)..<rows.count {
      let row = rows[index]
      guard row.count > column + 1, row[column - 1] == "│" else { break }
      let text = String(row[column..<(row.count - 1)])
      guard text.contains(/^ *[0-9]+\.[0-9]{2} ms/) || text.allSatisfy({ $0 == " " }) else { break }
      statements.append((index, text))
    }
    let texts = statements.map { maskedDuration($0.text) }
    let sorted =
      texts.filter { !$0.allSatisfy { $0 == " " } }.sorted()
      + texts.filter { $0.allSatisfy { $0 == " " } }
    for (statement, text) in zip(statements, sorted) {
      rows[statement.row].replaceSubrange(column..<(rows[statement.row].count - 1), with: Array(text))
    }
    return rows.map { String($0) }
  }

  /// `   12.34 ms SELECT …` as `    #.## ms SELECT …`, the same width.
  static func maskedDuration(_ text: String) -> String {
    guard let match = text.firstMatch(of: /^ *[0-9]+\.[0-9]{2} ms/) else { return text }
    let width = text.distance(from: match.range.lowerBound, to: match.range.upperBound)
    let mask = String(repeating: " ", count: max(0, width - 7)) + "#.## ms"
    return mask + text[match.range.upperBound...]
  }
}
