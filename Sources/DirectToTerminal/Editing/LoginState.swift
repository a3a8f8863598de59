import Access
import Widgets

/// The login page: user name, masked password, and how many tries failed in a row.
struct LoginState {
  var username = TextFieldState()
  var password = TextFieldState()
  /// 0: the user name has focus, 1: the password.
  var focus = 0
  var message: String?
  var failures = 0
  var lockedUntil: ContinuousClock.Instant?
  var checking: ContinuousClock.Instant?
  /// The name typed when the check started.
  var pendingUser = ""
  var pendingPassword = ""
}
