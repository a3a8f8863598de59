/// A request that does not fit the model: an unknown entity or key path, or a value of the
/// wrong type for its attribute. The message names what and where.
public struct FetchError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
