import Glibc

/// The name the system shows for a thread of d2t's (`top -H`, `ps -L`, gdb).
enum ThreadName {
  /// Names the calling thread (at most 15 bytes are kept), through
  /// `/proc/thread-self/comm`: Foundation's `Thread.name`, set as a thread starts, reaches
  /// the system only if the starting thread has already stored the new one's id.
  static func set(_ name: String) {
    let file = open("/proc/thread-self/comm", O_WRONLY)
    guard file >= 0 else { return }
    defer { close(file) }
    let bytes = Array(name.utf8.prefix(15))
    _ = bytes.withUnsafeBufferPointer { write(file, $0.baseAddress, $0.count) }
  }
}
