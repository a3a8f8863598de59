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

  /// `RULES_DIRECTORY/NAME.rules` for a database name.
  public static func path(rulesDirectory: String, database: String) -> String {
    (rulesDirectory.hasSuffix("/") ? rulesDirectory : rulesDirectory + "/") + safeName(database) + ".rules"
  }
}
