import CClientLibraries
import Foundation
import Testing
import TestSupport

/// Issue 28 items 2 and 3: the start's phases in order, what the first screen does not show
/// after the first frame, a server's first screen drawn from its remembered catalog before
/// the connection is in (`scripts/tmux-startup-e2e.sh`, with the server stopped), and the
/// server client libraries loaded only when a connection needs them.
@Suite struct StartupCLITests {
  @Test(.enabled(if: TmuxScript.canRun(needing: ["sqlite3"]), TmuxScript.skipReason))
  func theStartTakesItsPhasesInOrderAndDefersWhatTheFirstScreenDoesNotShow() throws {
    try TmuxScript.expectPasses("tmux-startup-e2e", needing: ["sqlite3"] + (PostgresTests.areOn ? ["psql"] : []))
  }

  /// Linked, they were loaded (with Kerberos, LDAP and GnuTLS) by every start.
  @Test func theBinaryDoesNotLinkTheServerClientLibraries() throws {
    let binary = try #require(ProcessRunner.builtProgram("d2t"), "build d2t first")
    let dynamic = try ProcessRunner.run("/usr/bin/env", ["objdump", "-p", binary])
    #expect(dynamic.status == 0, "\(dynamic.output)")
    let needed = dynamic.output.split(separator: "\n").filter { $0.contains("NEEDED") }
    #expect(!needed.isEmpty, "objdump lists no NEEDED entry: \(dynamic.output.prefix(500))")
    #expect(!needed.contains { $0.contains("libpq") || $0.contains("libmariadb") }, "\(needed)")
  }

  /// The discussion under `d2t --help` is built only when help is asked for (it is made
  /// from the open command's help, 2 ms of every start otherwise), and each way of asking
  /// shows it.
  @Test(arguments: [["--help"], ["-h"], ["help"]])
  func helpShowsTheDiscussion(_ arguments: [String]) throws {
    let help = try D2TProcess.run(arguments)
    #expect(help.status == 0)
    #expect(help.stdout.contains("Without a subcommand, d2t opens DATABASE"), "\(help.stdout)")
    #expect(help.stdout.contains("EXAMPLES:") && help.stdout.contains("ENVIRONMENT:"), "\(help.stdout)")
  }

  /// A library that is not installed is named with the package to install, not a crash.
  @Test func aMissingClientLibraryIsNamedWithItsPackage() throws {
    let message = "libd2t-missing.so.9".withCString { file in
      "libd2t-missing9".withCString { package in
        var library = d2t_client_library()
        library.file = file
        library.package = package
        return d2t_client_library_load(&library).map { String(cString: $0) }
      }
    }
    let text = try #require(message)
    #expect(text.hasPrefix("libd2t-missing.so.9 cannot be loaded (install the libd2t-missing9 package)"), "\(text)")
  }
}
