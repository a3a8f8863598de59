import Access
import TerminalCore

/// Where the check of a remembered catalog is.
enum CatalogCheck: Equatable, Sendable {
  /// No check: the model was read from the server (or the check is over).
  case none
  /// The model came from memory; the check begins after the first frame. Input waits.
  case pending
  /// The pages' connection is reading the catalog again; input waits.
  case waiting
  /// The catalog changed since it was remembered: the app starts again on the new model.
  case changed
  /// The connection was lost before the check could read the catalog: input waits until
  /// it is back and the check has run (`q` and Ctrl-C quit meanwhile).
  case awaitingConnection
}

/// A start whose model was built from the catalog remembered from an earlier start
/// (`CatalogMemory`): the first screen is drawn from it, then the pages' connection reads
/// the catalog again. Input waits from the start until that check answers (held in order,
/// as typed). The same catalog: the held input goes on. A changed one: the database's
/// model is rebuilt from what the server said and the app starts again from its
/// configuration (pages, rules, journal on the new model), keeping the screen's size, the
/// banner and the held input. Nothing is saved with a model the server did not confirm;
/// what runs before the check only reads (a first page's rows, counts).
extension D2TApp {
  /// Said when input first waits for the check (it may wait long: a lock on a table).
  static let heldInputNotice = "Reading the tables again: keys wait for it (q quits)"

  /// Input waits for the check from the start when the model came from memory.
  mutating func awaitRememberedCatalog() {
    if configuration.database.hasUncheckedCatalog { state.catalogCheck = .pending }
  }

  /// Queues the check on the pages' lane (after the first frame: its queries on the
  /// server's cold caches would share the two cores with the drawing).
  mutating func checkRememberedCatalog() {
    guard configuration.database.hasUncheckedCatalog else { return }
    state.catalogCheck = .waiting
    let work = RunWork("checkCatalog", of: "") { context in try context.database.checkCatalog() }
    worker.submit(.run(work), lane: .foreground, page: nil) { output in
      guard case .ran(let result) = output else { return .catalogChecked(.success(false)) }
      return .catalogChecked(result.map { ($0 as? Bool) ?? false })
    }
  }

  /// Whether `event` waits for the check (every event but a resize, which the next frame
  /// takes in anyway); `q` and Ctrl-C quit at once (nothing can be unsaved yet).
  mutating func holds(_ event: InputEvent) -> Bool {
    guard state.catalogCheck != .none, state.catalogCheck != .changed else { return false }
    switch event {
    case .resize: return false
    case .key(let key) where key == .char("q") || key == .ctrl("c"): state.quitRequested = true
    default:
      // Said once: the check may wait (a lock on a table, a slow server).
      if state.heldInput.isEmpty { post(.banner(.notice, Self.heldInputNotice)) }
      state.heldInput.append(event)
    }
    return true
  }

  mutating func catalogChecked(_ result: Result<Bool, WorkError>) {
    StartupTrace.shared.mark("catalog checked")
    switch result {
    case .success(let changed):
      state.catalogCheck = changed ? .changed : .none
    case .failure(let error) where error.isConnectionLost:
      state.catalogCheck = .awaitingConnection
      post(.banner(.error, "The connection was lost before the tables were checked: waiting for it (q quits)"))
    case .failure(let error):
      // The server answered but would not show its catalog (a privilege taken away): the
      // remembered tables stay, and their statements say what the server refuses.
      state.catalogCheck = .none
      post(.banner(.error, "Could not read the catalog again (\(error.message)): showing the tables of the last start"))
    }
  }

  /// After results are taken in: starts again on a changed catalog, else gives the held
  /// input to the app once the check is over.
  mutating func settleCatalogCheck() {
    switch state.catalogCheck {
    case .pending, .waiting, .awaitingConnection:
      return
    case .changed:
      let kept = (held: state.heldInput, size: state.screenSize, banner: state.banner, clipboard: clipboard, wake: wake)
      shutDown()
      self = D2TApp(configuration)
      clipboard = kept.clipboard
      if let wake = kept.wake { setWake(wake) }
      setScreenSize(kept.size)
      if state.banner == nil { state.banner = kept.banner }
      state.heldInput = kept.held
    case .none:
      break
    }
    let held = state.heldInput
    state.heldInput = []
    if state.banner?.text == Self.heldInputNotice { state.banner = nil }
    for event in held where update(event) == .quit { return }
  }
}
