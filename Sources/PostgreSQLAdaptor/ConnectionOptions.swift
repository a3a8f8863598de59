import Foundation
import CLibPQ

/// The options of a libpq connection string or URL, parsed by libpq (`PQconninfoParse`).
struct ConnectionOptions {
  private var values: [String: String] = [:]

  init(_ connectionString: String) {
    var error: UnsafeMutablePointer<CChar>?
    guard let options = PQconninfoParse(connectionString, &error) else {
      PQfreemem(error)
      return
    }
    defer { PQconninfoFree(options) }
    var index = 0
    while let keyword = options[index].keyword {
      if let value = options[index].val {
        values[String(cString: keyword)] = String(cString: value)
      }
      index += 1
    }
  }

  subscript(_ keyword: String) -> String? { values[keyword] }
}

extension PostgreSQLAdaptor {
  /// Where a connection string points, for "Connecting to …": `host:port/database`, with
  /// libpq's environment defaults (`PGHOST`, `PGPORT`, `PGDATABASE`) and never the password.
  public static func target(of connectionString: String) -> String {
    let options = ConnectionOptions(connectionString)
    let environment = ProcessInfo.processInfo.environment
    func value(_ keyword: String, _ variable: String) -> String? {
      (options[keyword] ?? environment[variable]).flatMap { $0.isEmpty ? nil : $0 }
    }
    let host = value("host", "PGHOST") ?? value("hostaddr", "PGHOSTADDR") ?? "localhost"
    let port = value("port", "PGPORT") ?? "5432"
    let user = value("user", "PGUSER") ?? environment["USER"] ?? ""
    let database = value("dbname", "PGDATABASE") ?? user
    let text = host + ":" + port + "/" + database
    return String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) })
  }
}
