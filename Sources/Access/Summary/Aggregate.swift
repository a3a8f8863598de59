import Foundation
import Qualifiers

/// A value a group-by computes over each group's rows besides their count: `sum(amount)`,
/// `avg(rentalRate)`, `min(rentalDate)`, `max(length)`.
public struct Aggregate: Hashable, Sendable, CustomStringConvertible {
  public enum Function: String, CaseIterable, Sendable {
    case sum, avg, min, max
  }

  public var function: Function
  public var keyPath: PropertyPath

  public init(_ function: Function, _ keyPath: PropertyPath) {
    self.function = function
    self.keyPath = keyPath
  }

  /// `sum(amount)` as rules and the page write it; nil for anything else.
  public init?(parsing text: String) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")"),
      let function = Function(rawValue: trimmed[..<open].lowercased())
    else { return nil }
    let path = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
      .trimmingCharacters(in: .whitespaces)
    guard !path.isEmpty else { return nil }
    self.init(function, PropertyPath(path))
  }

  public var description: String { function.rawValue + "(" + keyPath.description + ")" }
}

/// How a date or timestamp groups: by its year, month, day or hour.
public enum DateBucket: String, CaseIterable, Hashable, Sendable {
  case year, month, day, hour

  /// The bucket that gives about a dozen to a few hundred groups over `days` days.
  public static func fitting(days: Double) -> DateBucket {
    switch days {
    case ..<3: return .hour
    case ..<370: return .day
    case ..<(370 * 30): return .month
    default: return .year
    }
  }
}
