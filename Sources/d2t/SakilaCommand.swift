import Access
import ArgumentParser
import Foundation
import MySQLAdaptor
import PostgreSQLAdaptor
import Sakila

/// `d2t sakila create|load`: builds the Sakila DVD rental database at any scale.
struct SakilaCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "sakila",
    abstract: "Build the Sakila DVD rental demo database in SQLite, PostgreSQL or MySQL/MariaDB.",
    subcommands: [Create.self, Load.self]
  )

  struct Generation: ParsableArguments {
    @Option(help: "Multiply customers, addresses, inventory, rentals and payments by N.")
    var scale = 1

    @Option(help: "Seed of the generator: the same seed gives the same rows.")
    var seed: UInt64 = 1

    func validate() throws {
      guard (1...100_000).contains(scale) else {
        throw ValidationError("--scale must be between 1 and 100000, not \(scale)")
      }
    }

    var generator: SakilaGenerator { SakilaGenerator(scale: scale, seed: seed) }
  }

  struct Create: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "create",
      abstract: "Write the Sakila database to a new SQLite file.")

    @Argument(help: "The SQLite file to write.")
    var path: String

    @OptionGroup var generation: Generation

    @Flag(help: "Overwrite the file if it exists.")
    var replace = false

    func run() throws {
      let meter = ProgressMeter()
      let generator = generation.generator
      try SakilaFile.create(
        at: path, generator: generator, replace: replace, progress: meter.report)
      meter.finish("created \(path)", generator: generator, dialect: .sqlite)
    }
  }

  struct Load: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "load",
      abstract: "Create the Sakila schema and data in a PostgreSQL, MySQL or MariaDB database.")

    @Argument(help: "A postgres:// or mysql:// (mariadb://) URL, or a libpq keyword string.")
    var url: String

    @OptionGroup var generation: Generation

    @Flag(help: "Drop the Sakila tables, views, functions and types first.")
    var replace = false

    func run() throws {
      let isMySQL = url.lowercased().hasPrefix("mysql://") || url.lowercased().hasPrefix("mariadb://")
      let adaptor: any Adaptor =
        isMySQL ? MySQLAdaptor(url: url) : PostgreSQLAdaptor(connectionString: url)
      let channel = try adaptor.openChannel()
      defer { channel.close() }
      if replace {
        try SakilaLoader.dropSakila(in: channel)
      }
      let tables = try SakilaLoader.userTableCount(in: channel)
      if tables > 0 {
        throw SakilaError(
          "\(adaptor.displayName) already has \(tables) table\(tables == 1 ? "" : "s")"
            + (replace ? " besides Sakila's" : " (use --replace to drop the Sakila objects first)"))
      }
      let meter = ProgressMeter()
      let generator = generation.generator
      try SakilaLoader(generator: generator).load(into: channel, progress: meter.report)
      meter.finish("loaded \(adaptor.displayName)", generator: generator, dialect: adaptor.dialect)
    }
  }
}

/// Shows loading progress on stderr once a run has taken more than half a second: a line
/// redrawn five times a second on a terminal, else a line every two seconds; prints the
/// summary on stdout.
final class ProgressMeter {
  private let start = Date()
  private var lastShown = Date.distantPast
  private var shown = false
  private let terminal = isatty(2) == 1

  func report(_ table: SakilaTable, _ done: Int, _ total: Int) {
    let now = Date()
    guard now.timeIntervalSince(start) > 0.5,
      now.timeIntervalSince(lastShown) > (terminal ? 0.2 : 2)
    else { return }
    lastShown = now
    shown = true
    let percent = total == 0 ? 100 : done * 100 / total
    let line = "sakila: \(table.name) \(done)/\(total) rows (\(percent)%)"
    StandardError.write(terminal ? "\r\u{1B}[K" + line : line + "\n")
  }

  func finish(_ what: String, generator: SakilaGenerator, dialect: SQLDialect) {
    if shown && terminal { StandardError.write("\r\u{1B}[K") }
    let tables = SakilaTable.tables(for: dialect)
    let rows = tables.reduce(0) { $0 + generator.rowCount(of: $1) }
    let seconds = String(format: "%.2f", Date().timeIntervalSince(start))
    print(
      "Sakila \(what): \(tables.count) tables, \(rows) rows, scale \(generator.scale), "
        + "seed \(generator.seed), in \(seconds) s")
  }
}
