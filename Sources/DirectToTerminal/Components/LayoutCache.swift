import Foundation
import Synchronization

/// The inspector's lines of long values (wrapped text, pretty-printed JSON), computed once
/// per (value, width, component) and kept for the next frames and keys: an inspector
/// showing a 100 KB text lays it out once, not on every frame. Short values are laid out
/// directly (cheaper than hashing them). Holds the last few layouts only.
final class LayoutCache: Sendable {
  /// The shared cache the display components use.
  static let shared = LayoutCache()
  /// Values shorter than this (in UTF-8 bytes) are not cached.
  static let threshold = 2048
  static let capacity = 16

  private struct Key: Hashable {
    var text: String
    var width: Int
    /// What made the lines (the component's name).
    var kind: String
  }

  private struct Store {
    var layouts: [Key: [String]] = [:]
    var order: [Key] = []
    /// How many times each long value still held was laid out (by the value's hash), for
    /// tests; forgotten with the value's last layout.
    var computations: [Int: Int] = [:]
  }

  private let store = Mutex(Store())

  /// The lines `layout` makes of `text`, from the cache when this (text, width, kind) was
  /// laid out before.
  func lines(_ text: String, width: Int, kind: String, layout: (String) -> [String]) -> [String] {
    guard text.utf8.count >= Self.threshold else { return layout(text) }
    let key = Key(text: text, width: width, kind: kind)
    if let lines = store.withLock({ $0.layouts[key] }) { return lines }
    let lines = layout(text)
    store.withLock { store in
      store.computations[text.hashValue, default: 0] += 1
      guard store.layouts[key] == nil else { return }
      store.layouts[key] = lines
      store.order.append(key)
      if store.order.count > Self.capacity {
        let evicted = store.order.removeFirst()
        store.layouts[evicted] = nil
        if !store.order.contains(where: { $0.text == evicted.text }) {
          store.computations[evicted.text.hashValue] = nil
        }
      }
    }
    return lines
  }

  /// How many times `text` was laid out (at any width) while the cache has held it.
  func computations(of text: String) -> Int {
    store.withLock { $0.computations[text.hashValue] ?? 0 }
  }
}
