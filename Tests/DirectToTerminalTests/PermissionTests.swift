import Access
@testable import DirectToTerminal
import Foundation
import Testing

/// Who may do what (issue 29): permissions are rules with `user` in the context; without a
/// login page everything is allowed, with one each is refused unless a rule grants it. A
/// refused key is neither in the key bar nor in help, and pressed anyway says which rule
/// refused it; the assistant never writes a rule that widens permissions for a user not
/// allowed to; the console of a user without `allowsConsoleWrites` only reads.
@Suite(.serialized) struct PermissionTests {
  static let loginRules = "\nfirstTask <= 'login'\n"

  /// The demo with the sakila rules plus `extra`, the assistant writing to that file.
  static func app(_ extra: String = "") throws -> (D2TApp, AssistantRules) {
    let rules = try AssistantRules(
      (try String(contentsOfFile: TestDatabases.sakilaRules, encoding: .utf8)) + extra)
    return (rules.driver(try AppDriver.demo()).makeApp(), rules)
  }

  @Test func withoutALoginPageTheConsoleAndTheAssistantAreAllowed() throws {
    var (app, rules) = try Self.app()
    defer {
      app.shutDown()
      rules.remove()
    }
    let help = run(&app, "?")
    #expect(help.contains("SQL console") && help.contains("Assistant (writes rules)"), "\(help)")
    let console = run(&app, "Escape :")
    #expect(!console.contains("may not"), "\(console)")
    #expect(console.breadcrumb.contains("SQL"), "\(console)")
  }

  @Test func jonIsRefusedTheConsoleAndTheAssistantWhichAreNotOffered() throws {
    var (app, rules) = try Self.app(Self.loginRules)
    defer {
      app.shutDown()
      rules.remove()
    }
    let help = run(&app, "Jon Tab 12345 Enter ?")
    #expect(!help.contains("SQL console"), "not offered in help: \(help)")
    #expect(!help.contains("Assistant (writes rules)"), "\(help)")
    let console = run(&app, "Escape :")
    #expect(
      console.contains(
        "Jon may not open the SQL console: no rule grants allowsConsole, and with a login page it is refused"),
      "\(console)")
    #expect(!console.breadcrumb.contains("SQL"), "\(console)")
    let assistant = run(&app, "A")
    #expect(assistant.contains("Jon may not use the assistant"), "\(assistant)")
    #expect(!assistant.contains("Assistant:"), "\(assistant)")
    // `x` on a list: Jon is granted exports by the demo's rules.
    let export = run(&app, "Enter x")
    #expect(!export.contains("may not export"), "\(export)")
  }

  @Test func mikeMayUseTheConsoleAndTheAssistant() throws {
    var (app, rules) = try Self.app(Self.loginRules)
    defer {
      app.shutDown()
      rules.remove()
    }
    let help = run(&app, "Mike Tab 12345 Enter ?")
    #expect(help.contains("SQL console") && help.contains("Assistant (writes rules)"), "\(help)")
    let assistant = run(&app, "Escape A")
    #expect(assistant.contains("Assistant:"), "\(assistant)")
    let console = run(&app, "Escape :")
    #expect(console.breadcrumb.contains("SQL"), "\(console)")
  }

  @Test func aRefusalNamesTheRuleThatRefused() throws {
    var (app, rules) = try Self.app(Self.loginRules + "user.username = 'Mike' => allowsExport <= false\n")
    defer {
      app.shutDown()
      rules.remove()
    }
    let line = rules.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
    let export = run(&app, "Mike Tab 12345 Enter Enter x")
    #expect(export.contains("Mike may not export rows: allowsExport <= false (my.rules:\(line))"), "\(export)")
  }

  @Test func withoutConsoleWritesOnlyQueriesRunAndNothingChanges() throws {
    var (app, rules) = try Self.app(Self.loginRules + "user.username = 'Jon' => allowsConsole <= true\n")
    defer {
      app.shutDown()
      rules.remove()
    }
    let query = run(&app, "Jon Tab 12345 Enter : " + typing("select count(*) from staff") + " C-r")
    #expect(query.contains("2"), "a query runs: \(query)")
    let update = run(&app, "Escape : " + typing("update staff set first_name = 'X'") + " C-r")
    #expect(update.contains("Jon may not change data from the SQL console"), "\(update)")
    #expect(!update.contains("Change data?"), "no question to run it anyway: \(update)")
    // A query that writes after all is refused by its read-only transaction, and not offered
    // as a change.
    let sneaky = run(
      &app,
      "Escape : " + typing("with x as (update staff set first_name = 'X' returning 1) select * from x") + " C-r")
    #expect(!sneaky.contains("Change data?"), "\(sneaky)")
    let names = run(&app, "Escape : " + typing("select count(*) from staff where first_name = 'X'") + " C-r")
    #expect(names.contains(/\b0\b/), "no staff renamed: \(names)")
  }

  @Test func theAssistantRefusesToWidenPermissionsForAUserNotAllowedTo() throws {
    var (app, rules) = try Self.app(Self.loginRules + "user.username = 'Jon' => allowsAssistant <= true\n")
    defer {
      app.shutDown()
      rules.remove()
    }
    let before = rules.text
    // Staff is read-only for everyone; Jon asks to make it editable, for everyone.
    let entities = run(&app, "Jon Tab 12345 Enter")
    let staff = try #require(entities.pane(titled: "Entities")?.firstIndex { $0.contains("Staff") })
    let scope = run(&app, Array(repeating: "Down", count: staff).joined(separator: " ") + " A", width: 120, height: 40)
    #expect(scope.contains("Assistant: Staff"), "\(scope)")
    let options = run(&app, "Down Down Down Down Down Enter", width: 120, height: 40)
    #expect(options.contains("✖ Not written: the rule changes a permission (isEntityReadOnly)"), "\(options)")
    let written = run(&app, "Enter", width: 120, height: 40)
    #expect(written.contains("Jon may not write rules that change permissions"), "\(written)")
    #expect(rules.text == before, "nothing written: \(rules.text)")
  }

  @Test func theDebugOverlayShowsTheUsersPermissions() throws {
    var (app, rules) = try Self.app(Self.loginRules)
    defer {
      app.shutDown()
      rules.remove()
    }
    let screen = run(&app, "Jon Tab 12345 Enter F12", width: 200, height: 60)
    #expect(screen.contains("Permissions of Jon"), "\(screen)")
    #expect(screen.contains("allowsConsole = refused   ← refused by default: login page"), "\(screen)")
    #expect(screen.contains(/allowsExport = allowed   ← my\.rules:\d+/), "\(screen)")
  }

  /// Issue 29 item 4: a hidden entity (`isEntityHidden`) is reached by no page, key path,
  /// filter or console result.
  @Test func aHiddenEntityIsReachedByNoPageKeyPathFilterOrConsoleRow() throws {
    var (app, rules) = try Self.app(
      Self.loginRules + "user.username = 'Jon' and entity.name = 'Store' => isEntityHidden <= true\n"
        + "user.username = 'Jon' => allowsConsole <= true\n")
    defer {
      app.shutDown()
      rules.remove()
    }
    let entities = run(&app, "Jon Tab 12345 Enter", width: 160)
    let list = try #require(entities.pane(titled: "Entities"), "\(entities)")
    #expect(!list.contains { $0.contains("Store") }, "\(entities)")
    #expect(list.contains { $0.contains("Customer") }, "\(entities)")
    // The customer inspector has no Store row, and a filter through it is refused.
    let inspector = run(&app, "Enter Enter", width: 160)
    #expect(!inspector.contains(/│ ?Store\b/), "\(inspector)")
    let filter = run(&app, "Escape \\ " + typing("store.id = 1") + " Enter", width: 160)
    #expect(filter.contains("Store is hidden from Jon"), "\(filter)")
    // A console result of the store table does not open its rows.
    let console = run(&app, "Escape Escape : " + typing("select * from store") + " C-r Down Enter", width: 160)
    #expect(console.contains("Store is hidden from Jon"), "\(console)")
    #expect(!console.breadcrumb.contains("› Store"), "\(console)")
  }

  /// Without permission rules, the scope picker starts on what the user may write ("only
  /// Jon"), not on a refused "everyone"; a long refusal in the console is shown whole.
  @Test func theScopeStartsOnWhatTheUserMayWriteAndRefusalsShowWhole() throws {
    var (app, rules) = try Self.app(
      Self.loginRules + "user.username = 'Jon' => allowsAssistant <= true\n"
        + "user.username = 'Jon' => allowsConsole <= true\n")
    defer {
      app.shutDown()
      rules.remove()
    }
    let scope = run(&app, "Jon Tab 12345 Enter A Enter C-u " + typing("Clients") + " Enter", width: 160)
    #expect(scope.contains(/▌2 only Jon/), "\(scope)")
    let written = run(&app, "Enter Escape", width: 160)
    #expect(
      written.contains("AND user.username = 'Jon' => displayNameForEntity <= 'Clients'")
        || rules.text.contains("user.username = 'Jon' => displayNameForEntity <= 'Clients'"), "\(rules.text)")
    let refused = run(&app, ": " + typing("update staff set first_name = 'X'") + " C-r", width: 80)
    #expect(refused.contains("unless one does"), "the refusal's end is on screen: \(refused)")
  }

  /// `>` in a list for a user without permission rules moves the column for that user only.
  @Test func movingAColumnWithoutPermissionRulesIsForTheUserAlone() throws {
    var (app, rules) = try Self.app(Self.loginRules + "user.username = 'Jon' => allowsAssistant <= true\n")
    defer {
      app.shutDown()
      rules.remove()
    }
    let moved = run(&app, "Jon Tab 12345 Enter Enter >", width: 160)
    #expect(!moved.contains("Not written"), "\(moved)")
    #expect(
      rules.text.contains(
        "task = 'list' AND entity.name = 'Customer' AND user.username = 'Jon' => displayPropertyKeys"),
      "\(rules.text)")
  }

  /// Issue 22 item 19: `$user.storeId` in an `auxiliaryQualifier` restricts each user to
  /// the rows of their own store (row-level permission by rule); a variable without a value
  /// shows no row rather than every row, and says why.
  @Test func aRestrictionBindsTheUserAndFailsClosed() throws {
    var (app, rules) = try Self.app(
      Self.loginRules + "entity.name = 'Customer' => auxiliaryQualifier <= \"storeId = $user.storeId\"\n"
        + "entity.name = 'Film' => auxiliaryQualifier <= \"rating = $user.nope\"\n")
    defer {
      app.shutDown()
      rules.remove()
    }
    let jon = run(&app, "Jon Tab 12345 Enter Enter", width: 160)
    #expect(jon.contains("Customer (250)"), "store 2's customers only:\n\(jon)")
    #expect(jon.contains(/│▌Customer +250│/), "the entity list counts what the list shows:\n\(jon)")
    let films = run(&app, "Escape Down Down Enter", width: 160)
    #expect(films.contains("Film (0)"), "\(films)")
    #expect(films.contains("auxiliaryQualifier no value for $user.nope: no row is shown"), "\(films)")
  }

  /// Issue 22 item 19: a `\` filter binds `$name` from the rule context; an unknown one is
  /// refused on the line.
  @Test func aFilterBindsTheUser() throws {
    var (app, rules) = try Self.app(Self.loginRules)
    defer {
      app.shutDown()
      rules.remove()
    }
    let jon = run(&app, "Jon Tab 12345 Enter Enter \\ " + typing("storeId = $user.storeId") + " Enter", width: 160)
    #expect(jon.contains("Customer (250)"), "store 2's customers:\n\(jon)")
    let refused = run(&app, "\\ " + typing(" and lastName = $user.nope") + " Enter", width: 160)
    #expect(refused.contains("no value for $user.nope (a variable names a rule-context key"), "\(refused)")
  }
}
