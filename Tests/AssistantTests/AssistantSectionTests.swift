@testable import Assistant
import Foundation
import Qualifiers
import Rules
import Testing

@Suite struct AssistantSectionTests {
  let hide = try! RuleParser.rule("task = 'list' and entity.name = 'Customer' => displayPropertyKeys <= (firstName)")

  @Test func appendsAMarkedSectionAndKeepsTheFileAsItWas() {
    let original = "# my rules\n\ntask = 'list' => pageSize <= 50   # short pages\n"
    let (text, _, replaced) = AssistantSection.writing(hide, into: original, registry: .standard)
    #expect(replaced == nil)
    #expect(text.hasPrefix(original))
    #expect(text == original + "\n" + AssistantSection.marker + "\n" + hide.description + "\n")
  }

  @Test func replacesItsOwnRuleForTheSameKeyAndPredicate() throws {
    let (first, _, _) = AssistantSection.writing(hide, into: "a <= 1\n", registry: .standard)
    var again = hide
    again.value = .list([.string("lastName")])
    let (second, _, replaced) = AssistantSection.writing(again, into: first, registry: .standard)
    #expect(replaced == hide.description)
    #expect(second == "a <= 1\n\n" + AssistantSection.marker + "\n" + again.description + "\n")
    let undone = try #require(AssistantSection.undoing(again.description, previous: replaced, in: second))
    #expect(undone == first)
    let removed = try #require(AssistantSection.undoing(hide.description, previous: nil, in: undone))
    #expect(removed == "a <= 1\n\n" + AssistantSection.marker + "\n")
  }

  @Test func editsTheFilesOwnRuleForTheSameKeyAndPredicateInPlace() throws {
    let original = "# mine\n" + "task = 'list'\n  => pageSize <= 5  # short\n" + "title <= 'x'\n"
    let rule = try RuleParser.rule("task = 'list' => pageSize <= 20", registry: .standard)
    let (text, written, replaced) = AssistantSection.writing(rule, into: original, registry: .standard)
    #expect(text == "# mine\n" + "task = 'list' => pageSize <= 20 # short\n" + "title <= 'x'\n")
    #expect(replaced == "task = 'list'\n  => pageSize <= 5  # short")
    #expect(AssistantSection.undoing(written, previous: replaced, in: text) == original)
  }

  @Test func headerNamesTheDatabase() {
    let header = AssistantSection.header(database: "shop")
    #expect(AssistantSection.database(ofHeader: Substring(header)) == "shop")
    #expect(AssistantSection.database(ofHeader: "# other") == nil)
    #expect(AssistantRuleFile.safeName("my shop/../x") == "my_shop_.._x")
    #expect(AssistantRuleFile.safeName("..") == "database")
    #expect(AssistantRuleFile.databaseName(displayName: "SQLite /data/my shop.sqlite3") == "my_shop")
    #expect(AssistantRuleFile.databaseName(displayName: "SQLite file:/data/shop.db?mode=ro") == "shop")
    #expect(AssistantRuleFile.databaseName(displayName: "PostgreSQL me@db.example:5432/sakila") == "sakila")
    #expect(AssistantRuleFile.databaseName(displayName: "PostgreSQL me@localhost") == "me")
    #expect(AssistantRuleFile.path(rulesDirectory: "/c/d2t/rules", database: "shop") == "/c/d2t/rules/shop.rules")
    // Issue 22 item 16: a file per connection, so SQLite's chinook.db and PostgreSQL's
    // chinook (or two shop.db in different folders) never share the assistant's rules.
    let sqlite = AssistantRuleFile.path(
      rulesDirectory: "/c/d2t/rules", database: "chinook", connection: "SQLite /data/chinook.db")
    let postgres = AssistantRuleFile.path(
      rulesDirectory: "/c/d2t/rules", database: "chinook", connection: "PostgreSQL me@db:5432/chinook")
    let elsewhere = AssistantRuleFile.path(
      rulesDirectory: "/c/d2t/rules", database: "chinook", connection: "SQLite /backup/chinook.db")
    #expect(Set([sqlite, postgres, elsewhere]).count == 3)
    #expect(sqlite.hasPrefix("/c/d2t/rules/chinook-") && sqlite.hasSuffix(".rules"))
    #expect(
      sqlite
        == AssistantRuleFile.path(
          rulesDirectory: "/c/d2t/rules", database: "chinook", connection: "SQLite /data/chinook.db"),
      "the same connection finds its file again")
  }
}

@Suite struct RulePlanTests {
  func context(_ rules: String) -> RuleContext {
    var context = RuleContext(model: RuleModel(rules: RuleParser.parse(rules, file: "user.rules").rules))
    context.set("task", to: .string("list"))
    context.setObject(KeyValueDictionary(["name": .value(.string("Customer"))]), forKey: "entity")
    return context
  }

  @Test func winsOverLessAndEquallySpecificRulesWithoutOverridingMoreSpecificOnes() {
    let scope = RuleScope.entityInTask
    let target = RuleTarget(task: "list", entityName: "Customer")
    let less = context("task = 'list' => pageSize <= 50; high")
    let plan = RulePlan.make(key: "pageSize", value: .integer(20), predicate: scope.predicate(for: target), in: less)
    #expect(plan.rule.priority == .high)
    #expect(plan.stillWinning == nil)
    #expect(plan.rule.description == "task = 'list' AND entity.name = 'Customer' => pageSize <= 20; high")

    let same = context("entity.name = 'Customer' and task = 'list' => pageSize <= 50")
    let tied = RulePlan.make(key: "pageSize", value: .integer(20), predicate: scope.predicate(for: target), in: same)
    #expect(tied.rule.priority == RulePriority(101))
    #expect(tied.stillWinning == nil)

    let more = context("task = 'list' and entity.name = 'Customer' and entity.name != 'X' => pageSize <= 50")
    let kept = RulePlan.make(key: "pageSize", value: .integer(20), predicate: scope.predicate(for: target), in: more)
    #expect(kept.rule.priority == .normal)
    #expect(kept.stillWinning?.value == .integer(50))
  }

  @Test func neverAboveAMoreSpecificRuleThatMatchesElsewhere() {
    let target = RuleTarget(task: "list", entityName: "Customer")
    let rules = context(
      """
      task = 'list' => pageSize <= 50; high
      task = 'list' and entity.name = 'Customer' and user.username = 'Mike' => pageSize <= 5
      """)
    let plan = RulePlan.make(
      key: "pageSize", value: .integer(20), predicate: RuleScope.entityInTask.predicate(for: target), in: rules)
    #expect(plan.rule.priority == .normal, "Mike's own rule keeps winning for Mike")
    #expect(plan.stillWinning?.value == .integer(50), "and the broader high rule, which it cannot beat, is named")
  }

  @Test func keepsThePriorityOfTheRuleItReplaces() {
    let target = RuleTarget(task: "list", entityName: "Customer")
    let own = "task = 'list' and entity.name = 'Customer' => pageSize <= 50; high"
    let plan = RulePlan.make(
      key: "pageSize", value: .integer(20), predicate: RuleScope.entityInTask.predicate(for: target),
      in: context(own), replaceable: RuleParser.parse(own, file: "user.rules").rules)
    #expect(plan.rule.description == "task = 'list' AND entity.name = 'Customer' => pageSize <= 20; high")
  }

  @Test func replacesTheFilesRuleWithTheSameComparisonsInAnotherOrder() {
    let target = RuleTarget(task: "list", entityName: "Customer")
    let own = "entity.name = 'Customer' and task = 'list' => pageSize <= 50"
    let plan = RulePlan.make(
      key: "pageSize", value: .integer(20), predicate: RuleScope.entityInTask.predicate(for: target),
      in: context(own), replaceable: RuleParser.parse(own, file: "user.rules").rules)
    #expect(plan.rule.priority == .normal)
    #expect(plan.replaces?.source?.line == 1)
  }

  @Test func userScopeAddsTheUser() {
    let target = RuleTarget(user: .init(keyPath: "username", value: "Jon", name: "Jon"))
    #expect(RuleScope.available(for: target) == [.entityInTask, .userOnly])
    #expect(RuleScope.userOnly.predicate(for: target)?.description == "user.username = 'Jon'")
    #expect(RuleScope.entityInTask.predicate(for: target) == nil)
  }
}

@Suite struct RuleFileWriterTests {
  func scratch() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("d2t-assistant-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func createsTheFileWithItsFoldersAndHeaderThenUndoes() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("a/b/shop.rules").path
    let writer = RuleFileWriter(path: path, header: AssistantSection.header(database: "shop"))
    let rule = try RuleParser.rule("entity.name = 'Film' => displayNameForEntity <= 'Movies'")
    let change = try writer.write(rule)
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      text == AssistantSection.header(database: "shop") + "\n\n" + AssistantSection.marker + "\n" + rule.description
        + "\n")
    #expect(writer.writtenRules().map(\.description) == [rule.description])
    try writer.undo(change)
    #expect(writer.writtenRules().isEmpty)
  }

  @Test func keepsPermissionsAndReportsAFileItCannotWrite() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("mine.rules").path
    try "# mine\n".write(toFile: path, atomically: false, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
    let writer = RuleFileWriter(path: path)
    try writer.write(try RuleParser.rule("pageSize <= 20"))
    let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber
    #expect(mode?.intValue == 0o600)
    let blocked = RuleFileWriter(path: path + "/inside.rules")  // its folder is a file
    #expect(throws: RuleFileWriter.Failure.self) { try blocked.write(try RuleParser.rule("pageSize <= 30")) }
    #expect(
      try String(contentsOfFile: path, encoding: .utf8) == "# mine\n\n" + AssistantSection.marker + "\npageSize <= 20\n"
    )
  }

  @Test func keepsTheCommentAfterAUsersRuleItChanges() throws {
    let original = "# mine\nentity.name = 'Store' => isEntityReadOnly <= false   # mine, keep\npageSize <= 20\n"
    let rule = try RuleParser.rule("entity.name = 'Store' => isEntityReadOnly <= true")
    let (text, written, replaced) = AssistantSection.writing(rule, into: original, registry: .standard)
    #expect(text == "# mine\nentity.name = 'Store' => isEntityReadOnly <= true # mine, keep\npageSize <= 20\n")
    #expect(written == "entity.name = 'Store' => isEntityReadOnly <= true # mine, keep")
    #expect(AssistantSection.undoing(written, previous: replaced, in: text) == original)
  }

  @Test func movesTheCommentLinesOfAUsersRuleOverSeveralLinesAboveIt() throws {
    let original = "task = 'list' and entity.name = 'Film'\n  # why\n  => pageSize <= 20 // short\nb <= 1\n"
    let rule = try RuleParser.rule("task = 'list' and entity.name = 'Film' => pageSize <= 30")
    let (text, written, replaced) = AssistantSection.writing(rule, into: original, registry: .standard)
    #expect(text == "# why\ntask = 'list' AND entity.name = 'Film' => pageSize <= 30 // short\nb <= 1\n")
    #expect(AssistantSection.undoing(written, previous: replaced, in: text) == original)
  }

  @Test func refusesAFileWithASyntaxErrorNamingItsPlace() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("my.rules").path
    let original = "# mine\npageSize <= 20\ntask = => pageSize <= 3\n"
    try original.write(toFile: path, atomically: false, encoding: .utf8)
    let writer = RuleFileWriter(path: path)
    let rule = try RuleParser.rule("pageSize <= 30")
    do throws(RuleFileWriter.Failure) {
      try writer.write(rule)
      Issue.record("a file with an error was written to")
    } catch {
      #expect(error.message.hasPrefix("my.rules:3:"), "\(error.message)")
      #expect(error.message.hasSuffix("fix it before the assistant writes to it"), "\(error.message)")
    }
    #expect(try String(contentsOfFile: path, encoding: .utf8) == original, "nothing written")
  }

  @Test func aFolderItCannotCreateGivesThePOSIXReason() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let file = directory.appendingPathComponent("config").path
    try "".write(toFile: file, atomically: false, encoding: .utf8)
    let writer = RuleFileWriter(path: file + "/d2t/rules/shop.rules")  // a folder below a file
    let rule = try RuleParser.rule("pageSize <= 30")
    do throws(RuleFileWriter.Failure) {
      try writer.write(rule)
      Issue.record("written below a file")
    } catch {
      #expect(error.message == "cannot create the folder \(file)/d2t/rules for the rule file: Not a directory")
    }
  }

  @Test func followsASymbolicLinkAndKeepsIt() throws {
    let directory = try scratch()
    defer { try? FileManager.default.removeItem(at: directory) }
    let real = directory.appendingPathComponent("dotfiles.rules").path
    let link = directory.appendingPathComponent("linked.rules").path
    try "# mine\n".write(toFile: real, atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: real)
    try RuleFileWriter(path: link).write(try RuleParser.rule("pageSize <= 20"))
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == real, "the link is still a link")
    #expect(try String(contentsOfFile: real, encoding: .utf8).hasSuffix("\npageSize <= 20\n"))
  }
}

@Suite struct RulePlanTieTests {
  @Test func neverTiesWithARuleThatCanMatchTogetherElsewhere() throws {
    // Written from the Film list: the Customer rule does not match here, but both match
    // on the customer list, at the same complexity.
    let rules =
      "entity.name = 'Customer' and propertyKey = 'lastName' => displayNameForProperty <= 'Family'\n"
      + "entity.name = 'Film' and propertyKey = 'title' => displayNameForProperty <= 'Name'\n"
    var context = RuleContext(model: RuleModel(rules: RuleParser.parse(rules, file: "user.rules").rules))
    context.set("task", to: .string("list"))
    context.set("propertyKey", to: .string("lastName"))
    context.setObject(KeyValueDictionary(["name": .value(.string("Film"))]), forKey: "entity")
    let target = RuleTarget(task: "list", entityName: "Film", propertyKey: "lastName")
    let plan = RulePlan.make(
      key: "displayNameForProperty", value: .string("Surname"), predicate: RuleScope.everyEntity.predicate(for: target),
      in: context)
    #expect(
      plan.rule.description == "task = 'list' AND propertyKey = 'lastName' => displayNameForProperty <= 'Surname'; 101")
    let checked = RuleChecker().check([RuleFile(name: "user.rules", text: rules + plan.rule.description + "\n")])
    #expect(checked.isEmpty, "\(checked.map(\.summary))")
    #expect(
      !RulePlan.canMatchTogether(
        try Qualifier(parsing: "entity.name = 'Film' and task = 'list'"),
        try Qualifier(parsing: "entity.name = 'Actor'")))
  }
}
