import Foundation
import CClientLibraries
import CLibPQ

/// The options of a libpq connection string or URL, parsed by libpq (`PQconninfoParse`).
struct ConnectionOptions {
  /// The options given, in libpq's order of keywords.
  private(set) var given: [(keyword: String, value: String)] = []
  /// libpq could parse the string.
  private(set) var isValid = false

  init(_ connectionString: String) {
    // Without libpq nothing is parsed; connecting says why (PostgreSQLChannel).
    guard d2t_load_libpq() == nil else { return }
    var error: UnsafeMutablePointer<CChar>?
    guard let options = PQconninfoParse(connectionString, &error) else {
      PQfreemem(error)
      return
    }
    defer { PQconninfoFree(options) }
    isValid = true
    var index = 0
    while let keyword = options[index].keyword {
      if let value = options[index].val {
        given.append((String(cString: keyword), String(cString: value)))
      }
      index += 1
    }
  }

  subscript(_ keyword: String) -> String? { given.first { $0.keyword == keyword }?.value }
}

extension PostgreSQLAdaptor {
  /// A libpq keyword/value connection string without its secrets (`password`,
  /// `sslpassword`), as libpq reads it and rebuilt in its syntax (`host=db user='a b'`);
  /// nil when libpq cannot parse it.
  public static func redactedKeywordString(_ connectionString: String) -> String? {
    let options = ConnectionOptions(connectionString)
    guard options.isValid else { return nil }
    return options.given.filter { $0.keyword != "password" && $0.keyword != "sslpassword" }.map { option in
      let plain = !option.value.isEmpty && !option.value.contains { $0.isWhitespace || $0 == "'" || $0 == "\\" }
      let quoted =
        "'"
        + option.value.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "'", with: "\\'") + "'"
      return option.keyword + "=" + (plain ? option.value : quoted)
    }.joined(separator: " ")
  }

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
