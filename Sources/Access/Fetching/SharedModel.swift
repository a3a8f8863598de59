import Synchronization

/// The model of a database and of its second connection: replacing it (a catalog check
/// found the schema changed, `reloadModel`) replaces it for both.
final class SharedModel: Sendable {
  private let current: Mutex<Model>

  init(_ model: Model) {
    current = Mutex(model)
  }

  var model: Model { current.withLock { $0 } }

  func replace(_ model: Model) {
    current.withLock { $0 = model }
  }
}
