import Foundation
import Rules
import Testing

/// Every `Rules/*.rules` file of the repository parses and checks clean.
@Suite struct RepositoryRulesTests {
  static var rulesDirectory: URL {
    URL(fileURLWithPath: #filePath)
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Rules")
  }

  static var files: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: rulesDirectory.path)) ?? []
    return names.filter { $0.hasSuffix(".rules") }.sorted()
  }

  @Test func theRulesDirectoryHasRuleFiles() {
    #expect(Self.files.contains("sakila.rules"))
  }

  @Test(arguments: files)
  func ruleFileChecksClean(_ name: String) throws {
    let text = try String(contentsOf: Self.rulesDirectory.appendingPathComponent(name), encoding: .utf8)
    let diagnostics = RuleChecker().check([RuleFile(name: "Rules/\(name)", text: text)])
    #expect(diagnostics.map(\.description) == [])
    #expect(!RuleParser.parse(text, file: name).rules.isEmpty)
  }
}
