import Access
import Foundation
import SQLiteAdaptor

/// Writes a generated Sakila database to a SQLite file, atomically: the database is built
/// in a temporary file next to `path` and renamed over it only when complete, so a crash
/// or an error never leaves a half-built database behind.
public enum SakilaFile {
  /// Builds the database at `path`. Refuses an existing file unless `replace`.
  public static func create(
    at path: String, generator: SakilaGenerator = SakilaGenerator(), replace: Bool = false,
    progress: SakilaLoader.Progress? = nil
  ) throws {
    let files = FileManager.default
    if !replace && files.fileExists(atPath: path) {
      throw SakilaError("\(path) already exists (use --replace to overwrite it)")
    }
    let parent = (path as NSString).deletingLastPathComponent
    let directory = parent.isEmpty ? "." : parent
    var isDirectory: ObjCBool = false
    guard files.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue
    else { throw SakilaError("cannot create \(path): no directory \(directory)") }
    let temporary =
      directory + "/." + (path as NSString).lastPathComponent
      + ".\(getpid()).\(UUID().uuidString.prefix(8)).tmp"
    defer {
      for suffix in ["", "-journal", "-wal", "-shm"] {
        try? files.removeItem(atPath: temporary + suffix)
      }
    }
    let channel = try SQLiteAdaptor(path: temporary, createIfMissing: true).openChannel()
    do {
      try SakilaLoader(generator: generator).load(into: channel, progress: progress)
      channel.close()
    } catch {
      channel.close()
      throw error
    }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      throw SakilaError("cannot move the new database to \(path): \(reason)")
    }
  }
}
