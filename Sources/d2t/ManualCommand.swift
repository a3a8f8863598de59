import ArgumentParser
import Foundation

/// `d2t manual`: the man page (roff), generated from the command definitions (each
/// command's help as ArgumentParser prints it) with the hand-written sections of
/// `D2TDocumentation`: keys, the assistant, configuration, files, environment, exit status
/// and examples.
struct ManualCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "manual", abstract: "Print the d2t(1) man page (roff).", shouldDisplay: false)

  func run() throws {
    print(Self.page(), terminator: "")
  }

  static func page() -> String {
    var out = ".TH D2T 1 \"\" \"d2t \(D2TDocumentation.version)\" \"User Commands\"\n"
    out += ".SH NAME\nd2t \\- \(escape(D2T.configuration.abstract))\n"
    out +=
      ".SH SYNOPSIS\n.B d2t\n[\\fIDATABASE\\fR] [\\fIOPTIONS\\fR]\n.br\n.B d2t\n\\fICOMMAND\\fR [\\fIARGUMENTS\\fR]\n"
    out +=
      ".SH DESCRIPTION\nd2t turns a PostgreSQL, MySQL, MariaDB or SQLite database into a keyboard-driven application in the"
      + " terminal, built from the catalog and reshaped by rules. Without DATABASE it opens the DVD Rental demo."
      + " Press ? in the app for every key.\n"
    out += ".SH COMMANDS\n"
    for command in D2T.configuration.subcommands where command.configuration.shouldDisplay {
      out +=
        ".SS \(escape(command._commandName))\n.nf\n" + escape(D2T.helpMessage(for: command, columns: 78)) + "\n.fi\n"
    }
    out += ".SH KEYS\n"
    for (key, meaning) in D2TDocumentation.keys { out += ".TP\n.B \(escape(key))\n\(escape(meaning))\n" }
    out += ".SH THE ASSISTANT\n" + escape(D2TDocumentation.assistant) + "\n"
    out += ".SH CONFIGURATION\n" + escape(D2TDocumentation.configuration) + "\n"
    out += ".SH FILES\n"
    for (path, meaning) in D2TDocumentation.files { out += ".TP\n.I \(escape(path))\n\(escape(meaning))\n" }
    out += ".SH ENVIRONMENT\n"
    for (name, meaning) in D2TDocumentation.environment {
      out += ".TP\n.B \(escape(name))\n\(escape(meaning))\n"
    }
    out += ".SH EXIT STATUS\n"
    for (status, meaning) in D2TDocumentation.exitStatus {
      out += ".TP\n.B \(escape(status))\n\(escape(meaning))\n"
    }
    out += ".SH EXAMPLES\n"
    for (command, meaning) in D2TDocumentation.examples {
      out += ".TP\n.B \(escape(command))\n\(escape(meaning))\n"
    }
    return out
  }

  /// Text safe in roff: backslashes doubled, lines that start with `.` or `'` protected.
  static func escape(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\e").split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : String($0) }.joined(separator: "\n")
  }
}
