import Foundation

/// The repository checkout the tests run in, found from this file's path.
public enum Repository {
  public static let root: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A file or folder of the checkout: `Repository.path("scripts/lib/postgres.sh")`.
  public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

  /// A new folder of the test's own under the temporary folder.
  public static func scratchDirectory(_ prefix: String = "d2t-test") throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("\(prefix)-\(getpid())-\(UUID().uuidString.prefix(8).lowercased())")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }
}

/// A test's setup failed (a server would not start, a script printed nothing).
public struct TestSetupError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
