import Access
import Dispatch
import Foundation
import History
import Sakila
import Synchronization

/// The catalog a server connection read at its last start, kept for the next one
/// (`CatalogMemory`): `$XDG_CACHE_HOME/d2t/catalogs/<connection>.json` (else
/// `~/.cache/d2t/…`), the folder 0700 and the file 0600, written atomically. It holds what
/// the model is built from (tables, columns, keys, comments, row estimates), never a
/// password; the file is named after the connection as the history's is.
///
/// The file is read and decoded on another thread from the moment the cache is made (while
/// the connection is opening), and written on another thread too: neither is on the way
/// to the first screen. Threads of their own, not libdispatch's pool, whose first thread
/// starts a timer that wakes the process every second for good. A file that cannot be read
/// or decoded (another d2t's format, a truncated write, anything but a regular file)
/// recalls nothing, so the start reads the catalog from the server.
final class CatalogCache: CatalogMemory {
  /// Bumped when the catalog's coded form changes.
  static let format = 1
  let url: URL
  private let recalled = Mutex<Catalog?>(nil)
  private let reading = DispatchGroup()
  /// Writes under way, which the end of the process waits for (`finishWriting`).
  private static let writing = DispatchGroup()

  init(connectionID: String, environment: [String: String] = ProcessInfo.processInfo.environment) {
    url = Self.directory(environment: environment)
      .appendingPathComponent(StateDirectory.fileName(for: connectionID) + ".json")
    reading.enter()
    Thread.detachNewThread { [self] in
      defer { reading.leave() }
      let catalog = Self.decode(Self.contents(of: url))
      recalled.withLock { $0 = catalog }
    }
  }

  static func directory(environment: [String: String]) -> URL {
    URL(fileURLWithPath: SakilaDemo.cacheDirectory(environment: environment)).appendingPathComponent("catalogs")
  }

  func recall() -> Catalog? {
    reading.wait()
    return recalled.withLock { $0 }
  }

  func remember(_ catalog: Catalog) {
    let url = url
    Self.writing.enter()
    Thread.detachNewThread {
      defer { Self.writing.leave() }
      // Not kept (a full disk, a read-only home): the next start reads the catalog.
      guard let data = try? JSONEncoder().encode(Stored(format: Self.format, catalog: catalog)) else { return }
      _ = try? StateDirectory.prepare(url.deletingLastPathComponent(), name: url.lastPathComponent)
      try? StateDirectory.writePrivate(data, to: url)
    }
  }

  /// A catalog file larger than this is not read (a 2,000-table catalog is about 1 MB).
  static let maximumSize = 64 << 20

  /// The file's bytes if it is a regular file of at most `maximumSize` (a pipe put in its
  /// place would keep the start waiting, a device would never end, a symbolic link is
  /// not followed).
  static func contents(of url: URL) -> Data? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
      attributes[.type] as? FileAttributeType == .typeRegular,
      let size = attributes[.size] as? Int, size <= maximumSize
    else { return nil }
    return FileManager.default.contents(atPath: url.path)
  }

  /// Waits for the catalogs being written (a start that quits at once, a headless run).
  static func finishWriting() {
    writing.wait()
  }

  /// The catalog in `data`, if it is one of this format.
  static func decode(_ data: Data?) -> Catalog? {
    guard let data, let stored = try? JSONDecoder().decode(Stored.self, from: data), stored.format == format
    else { return nil }
    return stored.catalog
  }

  private struct Stored: Codable {
    var format: Int
    var catalog: Catalog
  }
}
