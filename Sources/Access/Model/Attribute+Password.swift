extension Attribute {
  /// Password-like columns are never shown, edited as text, exported or imported unless a
  /// rule allows it.
  public var isPassword: Bool {
    let lowered = column.lowercased()
    return lowered.contains("password") || lowered.contains("passwd") || lowered == "pwd"
  }
}
