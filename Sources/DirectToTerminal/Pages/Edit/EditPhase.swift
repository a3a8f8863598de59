/// Where an edit page is: one phase at a time, so no two states that exclude each other
/// (saving while the row is unread, a retry while deleted…) can be set together.
enum EditPhase: Equatable, Sendable {
  /// Open for input.
  case editing
  /// The row is being read: on opening, on Ctrl-R, or again after a failed read (`unread`:
  /// nothing can be typed until it arrives).
  case loading(since: ContinuousClock.Instant, unread: Bool)
  /// An existing row could not be read (say, the connection was lost): its fields are not
  /// shown as empty values to type over; nothing can be typed or saved until it is read,
  /// with Ctrl-R or by itself once the connection is back.
  case unread
  /// Someone else deleted the row while it was open: the input is kept (to copy, or leave
  /// with Esc) but Ctrl-S refuses, rather than insert the row again or update nothing.
  case deleted
  /// A save runs.
  case saving(EditSave)
  /// A save found the connection lost before anything was sent: it is sent again by itself,
  /// once, when the connection is back (a save that may have reached the server never is).
  case awaitingConnection

  var isSaving: Bool {
    if case .saving = self { return true }
    return false
  }

  /// When the running work started (the spinner), nil when none runs.
  var busySince: ContinuousClock.Instant? {
    switch self {
    case .loading(let since, _): return since
    case .saving(let save): return save.since
    default: return nil
    }
  }

  var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  var isUnread: Bool {
    switch self {
    case .unread, .loading(_, unread: true): return true
    default: return false
    }
  }
}

/// A save on its way.
struct EditSave: Equatable, Sendable {
  var since: ContinuousClock.Instant
  /// Quit once it succeeds (`q` → Save).
  var quitAfter = false
  /// The automatic second attempt after a reconnection (never a third).
  var isRetry = false
  /// The user confirmed "Save anyway": the server's warnings do not refuse the save.
  var acceptingWarnings = false
  /// Esc was pressed: the worker rolls back rather than commit.
  var isCancelling = false
}
