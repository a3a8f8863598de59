import Access
import Foundation
import MySQLAdaptor
import PostgreSQLAdaptor
import Testing
import TestSupport

/// Issue 28 item 2: a server's catalog is kept between starts in
/// `$XDG_CACHE_HOME/d2t/catalogs/` (folder 0700, file 0600, never a password); the next
/// start draws from it and checks it, so a table made in between is there all the same;
/// a file that is not a catalog is read as none and written anew.
@Suite(.serialized) struct CatalogCacheCLITests {
  enum Server: String, CustomStringConvertible, CaseIterable {
    case postgresql
    case mariadb
    var description: String { rawValue }

    var isOn: Bool { self == .postgresql ? PostgresTests.areOn : MariaDBTests.areOn }

    func create() throws -> String {
      self == .postgresql
        ? try ScratchPostgres.create(prefix: "d2t_cache") : try ScratchMariaDB.create(prefix: "d2t_cache")
    }

    func drop(_ url: String) {
      if self == .postgresql { ScratchPostgres.drop(url) } else { ScratchMariaDB.drop(url) }
    }

    func execute(_ sql: String, on url: String) throws {
      let channel =
        self == .postgresql
        ? try PostgreSQLAdaptor(connectionString: url).openChannel() : try MySQLAdaptor(url: url).openChannel()
      defer { channel.close() }
      try channel.executeScript(sql)
    }
  }

  static let servers = Server.allCases.filter(\.isOn)

  @Test(arguments: servers)
  func theCatalogIsKeptPrivatelyAndCheckedAtTheNextStart(_ server: Server) throws {
    let url = try server.create()
    defer { server.drop(url) }
    try server.execute("CREATE TABLE first_table (id INTEGER PRIMARY KEY, word VARCHAR(20))", on: url)
    let scratch = try TemporaryDirectory()
    defer { scratch.remove() }
    let environment = [
      "XDG_CACHE_HOME": scratch.url.appendingPathComponent("cache").path,
      "XDG_STATE_HOME": scratch.url.appendingPathComponent("state").path,
      "XDG_CONFIG_HOME": scratch.url.appendingPathComponent("config").path,
    ]
    let folder = scratch.url.appendingPathComponent("cache/d2t/catalogs")
    func start() throws -> String {
      let opened = try D2TProcess.run([url, "--headless", "--size", "100x12"], environment: environment)
      #expect(opened.status == 0, "\(opened.stderr)")
      return opened.stdout
    }

    let first = try start()
    #expect(first.contains("FirstTable"), "\(first)")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(files.count == 1 && files[0].hasSuffix(".json"), "\(files)")
    let file = folder.appendingPathComponent(try #require(files.first))
    let kept = try String(contentsOf: file, encoding: .utf8)
    #expect(kept.contains("first_table"), "\(kept.prefix(300))")
    let password = try #require(URLComponents(string: url)?.password)
    #expect(!kept.contains(password), "the catalog file holds no password")
    #expect(try permissions(file) == 0o600)
    #expect(try permissions(folder) == 0o700)

    // A table made between two starts: the start recalls the old catalog, the check finds
    // the new one, and the app shows it.
    try server.execute("CREATE TABLE second_table (id INTEGER PRIMARY KEY)", on: url)
    let second = try start()
    #expect(second.contains("FirstTable") && second.contains("SecondTable"), "\(second)")
    #expect(try String(contentsOf: file, encoding: .utf8).contains("second_table"), "the new catalog is kept")

    // Not a catalog (a truncated write, another format): read as none, written anew.
    try Data("{\"format\": 1, \"catalog\": {\"tab".utf8).write(to: file)
    let third = try start()
    #expect(third.contains("SecondTable"), "\(third)")
    #expect(try String(contentsOf: file, encoding: .utf8).contains("second_table"))

    // A pipe in its place (nobody writes to it): read as none, not waited on.
    try FileManager.default.removeItem(at: file)
    #expect(mkfifo(file.path, 0o600) == 0)
    let fourth = try start()
    #expect(fourth.contains("SecondTable"), "\(fourth)")
    let type = try FileManager.default.attributesOfItem(atPath: file.path)[.type] as? FileAttributeType
    try #require(type == .typeRegular, "the pipe is replaced by the catalog")
    #expect(try String(contentsOf: file, encoding: .utf8).contains("second_table"))
  }

  private func permissions(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require(attributes[.posixPermissions] as? Int)
  }
}
