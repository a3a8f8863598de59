import CMalloc
import Foundation

/// What `d2t` does first, while the process has one thread: the C library keeps at most two
/// memory arenas, and GnuTLS is told not to set itself up when it loads.
///
/// glibc gives each thread that allocates an arena of its own, up to eight per core: the
/// database lanes' threads each kept pages of their own that the others could not reuse
/// (0.3–0.5 MB of a PostgreSQL session, and a slow creep in a long one). Two arenas keep
/// the UI thread and the workers from waiting on one lock.
///
/// libpq links LDAP, which links GnuTLS, whose implicit set-up when it is loaded (trust
/// modules, its random pool) costs 0.4 MB of every PostgreSQL session, for LDAP lookups d2t
/// rarely makes (libldap sets GnuTLS up itself when it needs it). Starting libpq's loading
/// here too, on the second core, was measured and did not shorten the start: the first
/// connection waited for it all the same on a two-core machine.
enum EarlyStart {
  static let gnuTLSVariable = "GNUTLS_NO_IMPLICIT_INIT"

  /// Call first thing in `main` (`setenv` is not safe once other threads run).
  static func begin() {
    // A user's own `MALLOC_ARENA_MAX` (glibc reads it at start) wins.
    if getenv("MALLOC_ARENA_MAX") == nil { _ = mallopt(M_ARENA_MAX, 2) }
    _ = setsGnuTLSVariable
  }

  /// Whether d2t set `GNUTLS_NO_IMPLICIT_INIT` itself (the user had not); set on first use.
  static let setsGnuTLSVariable: Bool = {
    guard getenv(gnuTLSVariable) == nil else { return false }
    return setenv(gnuTLSVariable, "1", 0) == 0
  }()

  /// The environment a child process gets (`password_command`): d2t's own setting of
  /// `GNUTLS_NO_IMPLICIT_INIT` taken out, the user's kept.
  static func childEnvironment(
    _ environment: [String: String] = ProcessInfo.processInfo.environment
  )
    -> [String: String]
  {
    var environment = environment
    if setsGnuTLSVariable { environment[gnuTLSVariable] = nil }
    return environment
  }
}
