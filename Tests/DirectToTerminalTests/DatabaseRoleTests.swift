import Access
@testable import DirectToTerminal
import Foundation
import PostgreSQLAdaptor
import TestSupport
import Testing

/// `databaseRole` (issue 29 item 3): after login every connection d2t uses takes the user's
/// PostgreSQL role, so its privileges and row-level security decide what lists, counts,
/// exports and the console show; the console cannot leave the role.
@Suite(.serialized, .enabled(if: PostgresTests.areOn, PostgresTests.skipReason))
struct DatabaseRoleTests {
  /// A database with users `mike` and `jon` (password `secret`, MD5 hex), an `item` table of
  /// three rows in two stores, and a role that sees store 1 only (row-level security).
  final class Shop {
    let url: String
    let role = "d2t_clerk_\(UUID().uuidString.prefix(8).lowercased())"
    /// The role d2t connects as: a member of the clerk's role only, owning nothing, so no
    /// console statement can switch to more rights.
    let login = "d2t_app_\(UUID().uuidString.prefix(8).lowercased())"
    let rules: String

    init() throws {
      url = try ScratchPostgres.create(prefix: "d2t_roles")
      let channel = try PostgreSQLAdaptor(connectionString: url).openChannel()
      defer { channel.close() }
      try channel.executeScript(
        """
        CREATE TABLE app_user (id integer PRIMARY KEY, username text NOT NULL UNIQUE, password text NOT NULL);
        INSERT INTO app_user VALUES (1, 'mike', md5('secret')), (2, 'jon', md5('secret'));
        CREATE TABLE item (id integer PRIMARY KEY, store integer NOT NULL, name text NOT NULL);
        INSERT INTO item VALUES (1, 1, 'red'), (2, 1, 'green'), (3, 2, 'blue');
        ALTER TABLE item ENABLE ROW LEVEL SECURITY;
        CREATE ROLE \(role) NOLOGIN;
        GRANT USAGE ON SCHEMA public TO \(role);
        GRANT SELECT ON item TO \(role);
        CREATE POLICY store_one ON item TO \(role) USING (store = 1);
        CREATE ROLE \(login) LOGIN PASSWORD 'd2t-app-password';
        GRANT \(role) TO \(login);
        GRANT USAGE ON SCHEMA public TO \(login);
        GRANT SELECT ON app_user, item TO \(login);
        CREATE POLICY everything ON item TO \(login) USING (true);
        """)
      let directory = try Repository.scratchDirectory("d2t-roles")
      rules = directory.appendingPathComponent("shop.rules").path
      try """
      firstTask <= 'login'
      user.username = 'jon' => databaseRole <= '\(role)'
      allowsConsole <= true
      allowsExport <= true
      """.write(toFile: rules, atomically: true, encoding: .utf8)
    }

    /// The app connected as the shop's login role, or (`asSuperuser`) as the test server's.
    func app(asSuperuser: Bool = false) throws -> D2TApp {
      let log = SQLLog()
      var components = try #require(URLComponents(string: url))
      if !asSuperuser {
        components.user = login
        components.password = "d2t-app-password"
      }
      let connection = try #require(components.string)
      let database = try Database(adaptor: PostgreSQLAdaptor(connectionString: connection, log: log))
      let counter = try Database(
        adaptor: PostgreSQLAdaptor(connectionString: connection, log: log), model: database.model)
      return D2TApp(
        D2TConfiguration(
          database: database, countDatabase: counter, ruleFiles: [rules], theme: .builtinDefault, title: "Shop"))
    }

    func remove() {
      ScratchPostgres.drop(url, roles: [login, role])
      try? FileManager.default.removeItem(atPath: (rules as NSString).deletingLastPathComponent)
    }
  }

  @Test func jonsListsCountsConsoleAndExportsSeeOnlyWhatHisRoleMaySee() throws {
    let shop = try Shop()
    defer { shop.remove() }
    var app = try shop.app()
    defer { app.shutDown() }
    _ = run(&app, "jon Tab secret Enter")
    let list = run(&app, "Down Enter")
    #expect(list.contains("Item (2)"), "the count runs as the role: \(list)")
    #expect(list.contains("red") && list.contains("green") && !list.contains("blue"), "\(list)")
    let who = run(&app, ": " + typing("select current_user, count(*) from item group by 1") + " C-r")
    #expect(who.contains(shop.role) && who.contains(/\b2\b/), "the console's connection takes the role: \(who)")
    for escape in ["reset role", "set role postgres", "select set_config('role', 'postgres', false)", "reset all"] {
      let refused = run(&app, "Escape : " + typing(escape) + " C-r", width: 200)
      #expect(
        refused.contains("Refused: the console cannot leave the database role \(shop.role)"), "\(escape): \(refused)")
    }
    let path = try Repository.scratchDirectory("d2t-roles-export").appendingPathComponent("items.csv").path
    _ = run(&app, "Escape Escape Enter x c Tab C-u " + typing(path) + " Enter")
    let exported = try String(contentsOfFile: path, encoding: .utf8)
    #expect(exported.contains("red") && !exported.contains("blue"), "the export runs as the role: \(exported)")
  }

  @Test func mikeWithoutARoleSeesEverythingAndLoggingOutReturnsToTheConnectingRole() throws {
    let shop = try Shop()
    defer { shop.remove() }
    var app = try shop.app()
    defer { app.shutDown() }
    _ = run(&app, "jon Tab secret Enter")
    let mike = run(&app, "C-o mike Tab secret Enter Down Enter")
    #expect(mike.contains("Item (3)") && mike.contains("blue"), "\(mike)")
    let who = run(&app, ": " + typing("select current_user") + " C-r")
    #expect(who.contains(shop.login) && !who.contains(shop.role), "\(who)")
    let reset = run(&app, "Escape : " + typing("reset role") + " C-r", width: 200)
    #expect(!reset.contains("Refused: the console cannot leave"), "no role in force, nothing to keep: \(reset)")
  }

  @Test func aRoleTheServerRefusesLogsTheUserOut() throws {
    let shop = try Shop()
    defer { shop.remove() }
    try "\nuser.username = 'mike' => databaseRole <= 'no_such_role_d2t'\n".appendLine(toFile: shop.rules)
    var app = try shop.app()
    defer { app.shutDown() }
    let screen = run(&app, "mike Tab secret Enter")
    #expect(screen.contains("Logged out: cannot take the database role no_such_role_d2t for mike"), "\(screen)")
    #expect(screen.contains("Login"), "\(screen)")
  }

  /// Connected as a superuser, any statement could take its rights (`SET ROLE` is checked
  /// against the connecting role, and `set_config('role', …)` can hide in a query): while
  /// the role is in force the console is refused, and says why; lists still run as the role.
  @Test func theConsoleIsRefusedWhenTheConnectingRoleCouldBeTakenBack() throws {
    let shop = try Shop()
    defer { shop.remove() }
    var app = try shop.app(asSuperuser: true)
    defer { app.shutDown() }
    let list = run(&app, "jon Tab secret Enter Down Enter")
    #expect(list.contains("Item (2)"), "\(list)")
    let console = run(&app, ":", width: 220)
    #expect(
      console.contains("jon may not open the SQL console: while jon works as \(shop.role), postgres is a superuser"),
      "\(console)")
    #expect(!console.breadcrumb.contains("SQL"), "\(console)")
  }

  /// A login role that may create roles, or that can become a role with more rights
  /// through the user's role, could take those rights: the console is refused.
  @Test func createRoleAndIndirectMembershipsCountAsWaysOut() throws {
    let shop = try Shop()
    defer { shop.remove() }
    let bypass = "d2t_bypass_\(UUID().uuidString.prefix(8).lowercased())"
    defer { ScratchPostgres.dropRoles([bypass]) }
    let admin = try PostgreSQLAdaptor(connectionString: shop.url).openChannel()
    defer { admin.close() }
    try admin.executeScript("ALTER ROLE \(shop.login) CREATEROLE")
    var app = try shop.app()
    let refused = run(&app, "jon Tab secret Enter :", width: 300)
    #expect(refused.contains("\(shop.login) may create roles and grant them"), "\(refused)")
    app.shutDown()
    try admin.executeScript(
      "ALTER ROLE \(shop.login) NOCREATEROLE; CREATE ROLE \(bypass) NOLOGIN BYPASSRLS; GRANT \(bypass) TO \(shop.role)")
    var again = try shop.app()
    defer { again.shutDown() }
    let indirect = run(&again, "jon Tab secret Enter :", width: 300)
    #expect(indirect.contains("\(shop.login) can also become \(bypass)"), "\(indirect)")
  }

  /// A login or logout closes the console's connection: a temporary table Jon made is not
  /// there for Mike.
  @Test func theNextUserGetsAFreshConsoleConnection() throws {
    let shop = try Shop()
    defer { shop.remove() }
    try "\nuser.username = 'jon' => allowsConsoleWrites <= true\n".appendLine(toFile: shop.rules)
    var app = try shop.app()
    defer { app.shutDown() }
    let made = run(&app, "jon Tab secret Enter : " + typing("create temp table jons (x int)") + " C-r", width: 160)
    #expect(made.contains("Change data?"), "\(made)")
    // Run; the console asks to commit or roll back: Commit.
    let asked = run(&app, "r", width: 160)
    #expect(asked.contains("Commit or roll back?"), "\(asked)")
    let committed = run(&app, "c", width: 160)
    #expect(committed.contains("Committed"), "\(committed)")
    let mike = run(
      &app,
      "Escape C-o mike Tab secret Enter : " + typing("select to_regclass('pg_temp.jons') is null as gone") + " C-r",
      width: 160)
    #expect(mike.contains(/\btrue\b|\bt\b/), "Jon's temporary table is gone: \(mike)")
  }
}

extension String {
  fileprivate func appendLine(toFile path: String) throws {
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
    defer { try? handle.close() }
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(utf8))
  }
}
