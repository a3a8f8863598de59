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
    let directory = (path as NSString).deletingLastPathComponent
    let temporary =
      (directory.isEmpty ? "." : directory) + "/."
      + (path as NSString).lastPathComponent + ".\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    defer {
      for suffix in ["", "-journal", "-wal", "-shm"] { try? files.removeItem(atPath: temporary + suffix) }
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
      throw SakilaError("cannot move the new database to \(path): \(String(cString: strerror(errno)))")
    }
  }
}
