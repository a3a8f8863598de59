import Access
import ArgumentParser
import DirectToTerminal
import Export
import Qualifiers
import Rules
import TerminalCore

/// `d2t export` keeps password-like columns as hidden as the app does (`PasswordPolicy`):
/// left out of the default columns, and refused by name, in `--filter` or in `--sort`,
/// unless a rule (`--rules`, or a file of the config's rule folders) allows them.
extension ExportCommand {
  static func hidingPasswords(_ request: ExportRequest, in db: Database, ruleFiles: [String]) throws -> ExportRequest {
    let policy = try passwordPolicy(ruleFiles: ruleFiles, model: db.model)
    let entity: Entity
    do {
      entity = try Exporter(database: db, request: request).entity
    } catch {
      // What names no entity or column is a usage error (64), as in `run`.
      throw ValidationError(String(describing: error))
    }
    let uses: [([String], String)] = [
      (request.columns?.map(\.description) ?? [], "in an export"),
      (request.qualifier?.keyPaths.map(\.description) ?? [], "in a filter"),
      (request.sortOrderings.map(\.key.description), "to sort"),
    ]
    for (paths, asWhat) in uses {
      if let refusal = policy.refusal(paths, from: entity, asWhat: asWhat) { throw ValidationError(refusal) }
    }
    var request = request
    if request.columns == nil {
      // SQL leaves out what the database computes (generated columns), as `Exporter` does.
      request.columns = policy.exportedAttributes(of: entity).filter { request.format != .sql || !$0.isReadOnly }
        .map { PropertyPath(key: $0.name) }
    }
    return request
  }
}

/// The password policy of the rule files (`--rules` and the config's rule folders), for the
/// commands that read or write rows outside the app (`export`, `import`); a file that cannot
/// be read or has an error is a usage error.
func passwordPolicy(ruleFiles: [String], model: Model) throws -> PasswordPolicy {
  var files: [RuleFile] = []
  for path in ruleFiles {
    do throws(TextFile.Failure) {
      files.append(RuleFile(name: path, text: try TextFile.read(path)))
    } catch {
      throw ValidationError("cannot read the rule file \(path): it \(error.reason)")
    }
  }
  let (policy, diagnostics) = PasswordPolicy.loading(files, model: model)
  if let error = diagnostics.first(where: { $0.severity == .error }) { throw ValidationError("\(error)") }
  return policy
}
