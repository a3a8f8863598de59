/// The memo of a context's resolutions and the keys being resolved right now (to catch
/// cycles). Shared by copies of a context until one of them changes.
final class ResolutionMemo {
  struct Frame {
    var key: String
    /// The index of the candidate being evaluated in the key's bucket.
    var entryIndex: Int?
  }

  var isEnabled = true
  var entries: [String: RuleResolution] = [:]
  var stack: [Frame] = []
  /// A cycle found while resolving the outermost key; attached to every resolution
  /// on the way out.
  var pendingCycle: RuleCycle?
}
