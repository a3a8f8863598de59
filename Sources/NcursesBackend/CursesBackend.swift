/// `NcursesBackend` under a name that does not clash with its module's: code importing the
/// module cannot spell `NcursesBackend.NcursesBackend` (Swift resolves it to the module).
public typealias CursesBackend = NcursesBackend
