/// Splits a rectangle into parts along one axis.
///
/// Each part first gets what its constraint asks for (`length`, `percentage`, `ratio`,
/// `min`, `max`; `fill` asks for nothing), in order, as long as space remains. Leftover
/// space then goes to the `fill` parts by weight, or, when there is none, to the `min`
/// parts equally; otherwise it stays empty at the end. Rounding never loses a cell.
///
/// ```swift
/// let rows = Layout(.vertical, [.length(1), .fill(1), .length(1)]).split(area)
/// ```
public struct Layout: Hashable, Sendable {
  /// The split direction.
  public var axis: Axis
  /// One constraint per part.
  public var constraints: [Constraint]
  /// Empty cells between neighbouring parts.
  public var spacing: Int

  /// Creates a layout.
  public init(_ axis: Axis, _ constraints: [Constraint], spacing: Int = 0) {
    self.axis = axis
    self.constraints = constraints
    self.spacing = max(0, spacing)
  }

  /// The parts of `rect`, one per constraint.
  public func split(_ rect: Rect) -> [Rect] {
    let total = axis == .horizontal ? rect.width : rect.height
    let sizes = Layout.sizes(for: constraints, total: total, spacing: spacing)
    var offset = axis == .horizontal ? rect.x : rect.y
    return sizes.map { size in
      defer { offset += size + spacing }
      return axis == .horizontal
        ? Rect(x: offset, y: rect.y, width: size, height: rect.height)
        : Rect(x: rect.x, y: offset, width: rect.width, height: size)
    }
  }

  /// The size of each part along the axis.
  static func sizes(for constraints: [Constraint], total: Int, spacing: Int) -> [Int] {
    guard !constraints.isEmpty else { return [] }
    let available = Swift.max(0, total - spacing * (constraints.count - 1))
    var remaining = available
    var sizes = constraints.map { constraint -> Int in
      let wanted: Int
      switch constraint {
      case .length(let n), .min(let n), .max(let n): wanted = n
      case .percentage(let p): wanted = available * p / 100
      case .ratio(let a, let b): wanted = b > 0 ? available * a / b : 0
      case .fill: wanted = 0
      }
      let granted = Swift.min(Swift.max(0, wanted), remaining)
      remaining -= granted
      return granted
    }
    guard remaining > 0 else { return sizes }
    var weights = constraints.map { if case .fill(let w) = $0 { Swift.max(1, w) } else { 0 } }
    if weights.allSatisfy({ $0 == 0 }) {
      weights = constraints.map { if case .min = $0 { 1 } else { 0 } }
    }
    let extra = distribute(remaining, weights: weights)
    for i in sizes.indices { sizes[i] += extra[i] }
    return sizes
  }

  /// Splits `amount` by `weights` with the largest-remainder method.
  static func distribute(_ amount: Int, weights: [Int]) -> [Int] {
    let sum = weights.reduce(0, +)
    guard sum > 0 else { return weights.map { _ in 0 } }
    var shares = weights.map { amount * $0 / sum }
    var left = amount - shares.reduce(0, +)
    let order = weights.indices.sorted {
      (amount * weights[$0]) % sum > (amount * weights[$1]) % sum
    }
    for i in order where left > 0 && weights[i] > 0 {
      shares[i] += 1
      left -= 1
    }
    return shares
  }
}
