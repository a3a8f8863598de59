import Assistant
@testable import DirectToTerminal
import Foundation
import Rules
import Testing

/// The assistant's rule writing as a feature of its own, on a real file: what it writes,
/// the reload and banner it asks for, undo, and a file it cannot write.
@Suite struct RuleWritingFeatureTests {
  static func scratchFile() -> String {
    FileManager.default.temporaryDirectory.appendingPathComponent("rulewriting-\(UUID().uuidString).rules").path
  }

  static var rule: Rule {
    get throws { try RuleParser.rule("entity.name = 'Staff' => isEntityReadOnly <= true") }
  }

  @Test func writingARuleReloadsTheRulesAndNamesTheLine() throws {
    let path = Self.scratchFile()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let writer = RuleFileWriter(path: path)
    var state = RuleWritingFeature.State()
    let outputs = RuleWritingFeature.update(&state, .write(try Self.rule, note: nil), writer: writer)
    let file = (path as NSString).lastPathComponent
    let text = try String(contentsOfFile: path, encoding: .utf8)
    let line = text.split(separator: "\n", omittingEmptySubsequences: false).lastIndex {
      $0 == "entity.name = 'Staff' => isEntityReadOnly <= true"
    }.map { $0 + 1 }
    #expect(line != nil)
    #expect(
      outputs == [
        .reloadRules,
        .banner(
          .success,
          "Wrote \(file):\(line ?? 0): entity.name = 'Staff' => isEntityReadOnly <= true (u in the assistant undoes)"),
        .statusNote("rule written: \(file):\(line ?? 0)"),
      ])
    #expect(state.changes.count == 1)
    _ = RuleWritingFeature.update(&state, .fileChanged, writer: writer)
    #expect(state.fileRules.map(\.description) == ["entity.name = 'Staff' => isEntityReadOnly <= true"])
    #expect(state.writtenLines == [line ?? 0])
  }

  @Test func undoRemovesTheWrittenRuleFromTheFile() throws {
    let path = Self.scratchFile()
    defer { try? FileManager.default.removeItem(atPath: path) }
    let writer = RuleFileWriter(path: path)
    var state = RuleWritingFeature.State()
    _ = RuleWritingFeature.update(&state, .write(try Self.rule, note: nil), writer: writer)
    let outputs = RuleWritingFeature.update(&state, .undo, writer: writer)
    #expect(
      outputs == [
        .reloadRules,
        .banner(
          .success,
          "Undone: removed entity.name = 'Staff' => isEntityReadOnly <= true in \((path as NSString).lastPathComponent)"
        ),
      ])
    #expect(!(try String(contentsOfFile: path, encoding: .utf8)).contains("isEntityReadOnly"))
    #expect(
      RuleWritingFeature.update(&state, .undo, writer: writer)
        == [.banner(.notice, "The assistant has written nothing to undo in this session")])
  }

  @Test func aFileThatCannotBeWrittenChangesNothingAndSaysWhy() throws {
    let folder = Self.scratchFile()
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var state = RuleWritingFeature.State()
    let outputs = RuleWritingFeature.update(
      &state, .write(try Self.rule, note: nil), writer: RuleFileWriter(path: folder))
    guard case .banner(.error, let text)? = outputs.first, outputs.count == 1 else {
      Issue.record("expected one error banner, got \(outputs)")
      return
    }
    #expect(text.hasPrefix("Not written: ") && text.hasSuffix("; nothing changed"))
    #expect(state.changes.isEmpty)
  }

  @Test func withoutAFileNothingIsWrittenAndTheBannerSaysWhy() throws {
    var state = RuleWritingFeature.State()
    #expect(
      RuleWritingFeature.update(&state, .write(try Self.rule, note: nil), writer: nil)
        == [.banner(.warning, "This session names no rule file for the assistant to write")])
    #expect(RuleWritingFeature.update(&state, .fileChanged, writer: nil).isEmpty)
  }
}
