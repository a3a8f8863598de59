import Foundation
import Glibc
import Synchronization

/// Watches rule files off the UI thread with inotify: the kernel wakes the watcher's
/// thread when a file is written, replaced (an editor's save by rename), created, deleted
/// or changes mode, and it posts `.rulesChanged`; while nothing changes it costs nothing (no
/// timer, no `stat`). The folders are watched, not the files, so a file replaced by
/// rename, deleted and made again, or not there yet is followed too. Changes made after the
/// watcher was made and before its thread runs are kept by the kernel and reported.
final class RuleWatcher: Sendable {
  /// The watched files' names per folder.
  private let names: [String: Set<String>]
  private let inotify: Int32
  /// A pipe written to stop the thread: it polls the read end with the inotify descriptor.
  private let stopper: (read: Int32, write: Int32)
  /// Watch descriptors and their folders.
  private let folders: [Int32: String]

  init(paths: [String]) {
    var names: [String: Set<String>] = [:]
    for path in paths {
      let url = URL(fileURLWithPath: path).standardizedFileURL
      names[url.deletingLastPathComponent().path, default: []].insert(url.lastPathComponent)
    }
    self.names = names
    inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
    var ends: [Int32] = [-1, -1]
    if pipe(&ends) == 0 {
      for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    } else {
      ends = [-1, -1]
    }
    stopper = (ends[0], ends[1])
    var folders: [Int32: String] = [:]
    let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB)
    if inotify >= 0 {
      for folder in names.keys {
        let descriptor = inotify_add_watch(inotify, folder, mask)
        if descriptor >= 0 { folders[descriptor] = folder }
      }
    }
    self.folders = folders
  }

  deinit {
    if inotify >= 0 { close(inotify) }
    if stopper.read >= 0 { close(stopper.read) }
    if stopper.write >= 0 { close(stopper.write) }
  }

  /// Whether anything is watched (inotify is there and a folder could be watched).
  var isWatching: Bool { !folders.isEmpty && stopper.read >= 0 }

  /// Starts watching; `changed` is called from the watcher's thread, once per batch of
  /// events that touch a watched file.
  func start(_ changed: @escaping @Sendable () -> Void) {
    guard isWatching else { return }
    let thread = Thread { [self] in
      while true {
        var descriptors = [
          pollfd(fd: inotify, events: Int16(POLLIN), revents: 0),
          pollfd(fd: stopper.read, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&descriptors, 2, -1)
        if ready < 0 {
          if errno == EINTR { continue }
          return
        }
        if descriptors[1].revents != 0 { return }
        if descriptors[0].revents != 0, readEvents() { changed() }
      }
    }
    thread.name = "d2t.rule-watcher"
    thread.start()
  }

  /// Wakes the thread and lets it end.
  func stop() {
    guard stopper.write >= 0 else { return }
    var one: UInt8 = 1
    _ = write(stopper.write, &one, 1)
  }

  /// Reads every pending event; true when one names a watched file.
  private func readEvents() -> Bool {
    var touched = false
    let size = 64 * 1024
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: MemoryLayout<inotify_event>.alignment)
    defer { buffer.deallocate() }
    while true {
      let count = read(inotify, buffer, size)
      guard count > 0 else { return touched }
      var offset = 0
      let header = MemoryLayout<inotify_event>.size
      while offset + header <= count {
        let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
        let nameLength = Int(event.len)
        if nameLength > 0, let folder = folders[event.wd] {
          let name = String(cString: buffer.advanced(by: offset + header).assumingMemoryBound(to: CChar.self))
          if names[folder]?.contains(name) == true { touched = true }
        }
        offset += header + nameLength
      }
    }
  }
}
