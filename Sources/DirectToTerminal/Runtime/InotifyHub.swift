import Foundation
import Glibc
import Synchronization

/// One inotify instance and one thread for the whole process, shared by every rule watcher:
/// the kernel allows a user 128 instances, and a host that embeds several apps (or a test
/// run that makes hundreds) must not run out. Subscribers name files by folder (rule files:
/// replaced, created, deleted) or watch files themselves (a database's, written in place —
/// a watch on a busy folder such as /tmp would cost the kernel a pass over its entries and
/// wake for every file written there); the thread sleeps in `poll` until the kernel reports
/// a change and calls each subscriber whose file it touched — or remembers it for a
/// subscriber not started yet.
final class InotifyHub: Sendable {
  static let shared = InotifyHub()

  private struct Subscription {
    /// The watched files' names, by folder.
    var names: [String: Set<String>] = [:]
    /// Files watched themselves (their paths).
    var files: Set<String> = []
    /// Files to watch themselves once they exist (a `-wal` made after a switch to WAL).
    var wanted: [String] = []
    var changed: (@Sendable () -> Void)?
    /// A change arrived before `start`.
    var pending = false
  }

  private struct Registry {
    var subscriptions: [Int: Subscription] = [:]
    var folderOfWatch: [Int32: String] = [:]
    var watchOfFolder: [String: Int32] = [:]
    var fileOfWatch: [Int32: String] = [:]
    var watchOfFile: [String: Int32] = [:]
    var nextID = 1
    var threadStarted = false
  }

  private let descriptor: Int32
  private let registry = Mutex(Registry())

  private init() {
    descriptor = inotify_init1(Int32(IN_CLOEXEC))
  }

  private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)

  /// Watches the files `names` lists by folder; the subscription's id, or nil when no
  /// folder could be watched (it does not exist, or inotify is not there).
  func subscribe(_ names: [String: Set<String>]) -> Int? {
    guard descriptor >= 0 else { return nil }
    return registry.withLock { registry in
      var watched: [String: Set<String>] = [:]
      for (folder, files) in names {
        if registry.watchOfFolder[folder] == nil {
          let watch = inotify_add_watch(descriptor, folder, Self.mask)
          guard watch >= 0 else { continue }
          registry.watchOfFolder[folder] = watch
          registry.folderOfWatch[watch] = folder
        }
        watched[folder] = files
      }
      guard !watched.isEmpty else { return nil }
      let id = registry.nextID
      registry.nextID += 1
      registry.subscriptions[id] = Subscription(names: watched)
      return id
    }
  }

  private static let fileMask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_DELETE_SELF | IN_MOVE_SELF)

  /// Watches the files at `paths` themselves — those that exist — for being written in place
  /// (a database's file and its `-wal`); the subscription's id, or nil when none could be.
  func subscribe(files paths: [String]) -> Int? {
    guard descriptor >= 0 else { return nil }
    return registry.withLock { registry in
      var watched: Set<String> = []
      for path in paths {
        if registry.watchOfFile[path] == nil {
          let watch = inotify_add_watch(descriptor, path, Self.fileMask)
          guard watch >= 0 else { continue }
          registry.watchOfFile[path] = watch
          registry.fileOfWatch[watch] = path
        }
        watched.insert(path)
      }
      guard !watched.isEmpty else { return nil }
      let id = registry.nextID
      registry.nextID += 1
      registry.subscriptions[id] = Subscription(files: watched, wanted: paths)
      return id
    }
  }

  /// Calls `changed` (on the hub's thread) for every later change, and now if one came
  /// since `subscribe`.
  func start(_ id: Int, _ changed: @escaping @Sendable () -> Void) {
    let (missed, startThread) = registry.withLock { registry -> (Bool, Bool) in
      guard var subscription = registry.subscriptions[id] else { return (false, false) }
      subscription.changed = changed
      let missed = subscription.pending
      subscription.pending = false
      registry.subscriptions[id] = subscription
      let start = !registry.threadStarted
      registry.threadStarted = true
      return (missed, start)
    }
    if startThread {
      Thread.detachNewThread { [self] in
        ThreadName.set("d2t-watch")
        run()
      }
    }
    if missed { changed() }
  }

  /// Ends a subscription; folders no subscription watches any more are let go.
  func unsubscribe(_ id: Int) {
    registry.withLock { registry in
      guard let subscription = registry.subscriptions.removeValue(forKey: id) else { return }
      for path in subscription.files where !registry.subscriptions.values.contains(where: { $0.files.contains(path) }) {
        if let watch = registry.watchOfFile.removeValue(forKey: path) {
          registry.fileOfWatch[watch] = nil
          inotify_rm_watch(descriptor, watch)
        }
      }
      for folder in subscription.names.keys
      where !registry.subscriptions.values.contains(where: { $0.names[folder] != nil }) {
        if let watch = registry.watchOfFolder.removeValue(forKey: folder) {
          registry.folderOfWatch[watch] = nil
          inotify_rm_watch(descriptor, watch)
        }
      }
    }
  }

  /// The thread: waits for the kernel, then tells the subscribers whose files changed.
  private func run() {
    let size = 64 * 1024
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<inotify_event>.alignment)
    defer { buffer.deallocate() }
    while true {
      let count = read(descriptor, buffer, size)
      if count < 0 {
        if errno == EINTR { continue }
        return
      }
      var touched: [(watch: Int32, name: String?)] = []
      var offset = 0
      let header = MemoryLayout<inotify_event>.size
      while offset + header <= count {
        let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
        let length = Int(event.len)
        if length > 0 {
          let name = String(cString: buffer.advanced(by: offset + header).assumingMemoryBound(to: CChar.self))
          touched.append((event.wd, name))
        } else {
          // An event of a file watched itself.
          touched.append((event.wd, nil))
        }
        offset += header + length
      }
      notify(touched)
    }
  }

  private func notify(_ touched: [(watch: Int32, name: String?)]) {
    let callbacks = registry.withLock { registry -> [@Sendable () -> Void] in
      var callbacks: [@Sendable () -> Void] = []
      for (id, subscription) in registry.subscriptions {
        let hit = touched.contains { entry in
          guard let name = entry.name else {
            return registry.fileOfWatch[entry.watch].map(subscription.files.contains) == true
          }
          guard let folder = registry.folderOfWatch[entry.watch] else { return false }
          return subscription.names[folder]?.contains(name) == true
        }
        guard hit else { continue }
        // A file written may have made another wanted one (the first write in WAL mode).
        for path in subscription.wanted where !subscription.files.contains(path) {
          let watch = registry.watchOfFile[path] ?? inotify_add_watch(descriptor, path, Self.fileMask)
          guard watch >= 0 else { continue }
          registry.watchOfFile[path] = watch
          registry.fileOfWatch[watch] = path
          registry.subscriptions[id]?.files.insert(path)
        }
        if let changed = subscription.changed {
          callbacks.append(changed)
        } else {
          registry.subscriptions[id]?.pending = true
        }
      }
      return callbacks
    }
    for changed in callbacks { changed() }
  }
}
