/// Why a Sakila database could not be created, in words a user can act on.
public struct SakilaError: Error, Hashable, Sendable, CustomStringConvertible {
  public var message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
