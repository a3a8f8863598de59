/// Where the assistant writes when the session names no rule file: one file per database
/// in the config's rule folder, named after the database.
public enum AssistantRuleFile {
  /// A file name from a database name: letters, digits, `-`, `_` and `.` kept, anything
  /// else `_`; never empty, never hidden (`shop`, `sakila-1-ab12`, `my_db`).
  public static func safeName(_ name: String) -> String {
    var result = ""
    for scalar in name.unicodeScalars {
      let c = Character(scalar)
      result.append(scalar.isASCII && (c.isLetter || c.isNumber || c == "-" || c == "_" || c == ".") ? c : "_")
    }
    while result.hasPrefix(".") { result.removeFirst() }
    return result.isEmpty ? "database" : result
  }

  /// The database's name for its rule file, from the adaptor's display name: a SQLite
  /// file's name without extension (`SQLite /data/shop.sqlite` → `shop`), a PostgreSQL
  /// database's name (`PostgreSQL me@host:5432/shop` → `shop`; without one, the user's,
  /// as libpq defaults it, else the host).
  public static func databaseName(displayName: String) -> String {
    if displayName.hasPrefix("SQLite ") {
      var path = Substring(displayName.dropFirst("SQLite ".count))
      if path.hasPrefix("file:") { path = path.dropFirst(5).prefix { $0 != "?" } }
      let file = path.split(separator: "/").last.map(String.init) ?? String(path)
      let stem = file.lastIndex(of: ".").map { String(file[..<$0]) } ?? file
      return safeName(stem)
    }
    let location =
      displayName.hasPrefix("PostgreSQL ") ? displayName.dropFirst("PostgreSQL ".count) : Substring(displayName)
    if let slash = location.lastIndex(of: "/") { return safeName(String(location[location.index(after: slash)...])) }
    return safeName(location.split(separator: "@").first.map(String.init) ?? "postgres")
  }

  /// `RULES_DIRECTORY/NAME.rules` for a database name.
  public static func path(rulesDirectory: String, database: String) -> String {
    (rulesDirectory.hasSuffix("/") ? rulesDirectory : rulesDirectory + "/") + safeName(database) + ".rules"
  }

  /// `RULES_DIRECTORY/NAME-HASH.rules` for a database name and the connection it is reached
  /// by (`SQLite /data/chinook.db`, `PostgreSQL me@host:5432/chinook`): SQLite's `chinook.db`
  /// and PostgreSQL's `chinook` (or two `shop.db` files in different folders) get files of
  /// their own, and the file's header names the connection it loads for.
  public static func path(rulesDirectory: String, database: String, connection: String) -> String {
    path(rulesDirectory: rulesDirectory, database: safeName(database) + "-" + shortHash(connection))
  }

  /// Eight hex digits of FNV-1a over the text: stable across runs and machines.
  static func shortHash(_ text: String) -> String {
    var hash: UInt32 = 2_166_136_261
    for byte in text.utf8 {
      hash ^= UInt32(byte)
      hash = hash &* 16_777_619
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 8 - hex.count) + hex
  }
}
