import Foundation
import Synchronization
import TerminalCore

/// The wrapped lines of long values, computed once per (value, width) and kept for the next
/// frames and keys: an inspector showing a 100 KB text lays it out once, not on every frame.
/// Short values are wrapped directly (cheaper than hashing them). Holds the last few
/// layouts only.
final class LayoutCache: Sendable {
  /// The shared cache the display components use.
  static let shared = LayoutCache()
  /// Values shorter than this (in UTF-8 bytes) are not cached.
  static let threshold = 2048
  static let capacity = 16

  private struct Key: Hashable {
    var text: String
    var width: Int
  }

  private struct Store {
    var layouts: [Key: [String]] = [:]
    var order: [Key] = []
    /// How many times each long value was laid out (by the value's hash), for tests.
    var computations: [Int: Int] = [:]
  }

  private let store = Mutex(Store())

  /// `text` wrapped to `width` columns (see `String.wrapped(toWidth:)`).
  func wrapped(_ text: String, toWidth width: Int) -> [String] {
    guard text.utf8.count >= Self.threshold else { return text.wrapped(toWidth: width) }
    let key = Key(text: text, width: width)
    if let lines = store.withLock({ $0.layouts[key] }) { return lines }
    let lines = text.wrapped(toWidth: width)
    store.withLock { store in
      store.computations[text.hashValue, default: 0] += 1
      guard store.layouts[key] == nil else { return }
      store.layouts[key] = lines
      store.order.append(key)
      if store.order.count > Self.capacity { store.layouts[store.order.removeFirst()] = nil }
    }
    return lines
  }

  /// How many times `text` was laid out (at any width) since the process started.
  func computations(of text: String) -> Int {
    store.withLock { $0.computations[text.hashValue] ?? 0 }
  }
}
