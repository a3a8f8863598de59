/// How much space one part of a `Layout` asks for along the layout's axis.
public enum Constraint: Hashable, Sendable {
  /// Exactly `n` cells.
  case length(Int)
  /// `p` percent of the space.
  case percentage(Int)
  /// `numerator / denominator` of the space.
  case ratio(Int, Int)
  /// At least `n` cells; grows to take leftover space (after `fill`).
  case min(Int)
  /// At most `n` cells; gets `n` when there is room.
  case max(Int)
  /// A share of the leftover space, proportional to the weight (≥ 1).
  case fill(Int)
}

/// The direction a `Layout` splits in.
public enum Axis: Hashable, Sendable {
  /// Side by side, left to right.
  case horizontal
  /// Stacked, top to bottom.
  case vertical
}
