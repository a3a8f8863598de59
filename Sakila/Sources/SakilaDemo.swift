import Foundation

/// The DVD rental demo d2t opens when it is given no database: a scale-1 SQLite file in
/// the user's cache directory, built on first use.
public enum SakilaDemo {
  /// Bump when the generator's output changes; a schema change renames the file by itself.
  static let generatorVersion = 1

  /// `sakila-<version>-<schema hash>.sqlite3`: a new schema or generator builds a new
  /// file instead of reusing an old one.
  public static let fileName: String = {
    var hash: UInt32 = 2_166_136_261
    for byte in SakilaSchema.script(for: .sqlite).utf8 {
      hash = (hash ^ UInt32(byte)) &* 16_777_619
    }
    return "sakila-\(generatorVersion)-\(String(hash, radix: 16)).sqlite3"
  }()

  /// `$XDG_CACHE_HOME/d2t` when that is an absolute path, else `~/.cache/d2t`.
  public static func cacheDirectory(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return cache + "/d2t"
    }
    let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
    return home + "/.cache/d2t"
  }

  /// The path of the demo database, building it first when it does not exist yet
  /// (about 0.3 s). Works from any working directory; safe if two d2t processes race.
  public static func databasePath(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    progress: SakilaLoader.Progress? = nil
  ) throws -> String {
    let directory = cacheDirectory(environment: environment)
    let path = directory + "/" + fileName
    if FileManager.default.fileExists(atPath: path) { return path }
    do {
      try FileManager.default.createDirectory(
        atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw SakilaError(
        "cannot create the cache directory \(directory): \(error.localizedDescription)")
    }
    try SakilaFile.create(at: path, replace: true, progress: progress)
    return path
  }
}
