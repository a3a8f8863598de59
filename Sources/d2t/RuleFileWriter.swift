import Foundation

/// Replaces a rule file's text the way an editor saves: the new text goes to a temporary
/// file beside the real one, which then takes its place, so a crash or a full disk leaves
/// the old file whole. A symbolic link is followed (the file it names is replaced) and
/// the file keeps its permissions.
enum RuleFileWriter {
  static func replace(_ path: String, with text: String) throws {
    let url = URL(fileURLWithPath: path).resolvingSymlinksInPath()
    let permissions = try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]
    do {
      try Data(text.utf8).write(to: url, options: .atomic)
      if let permissions {
        try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: url.path)
      }
    } catch {
      throw RulesCommandError("cannot write the rule file \(path): \(error.localizedDescription)")
    }
  }
}
