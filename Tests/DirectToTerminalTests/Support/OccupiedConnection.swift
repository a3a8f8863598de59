import Access
import Foundation

/// Keeps `database`'s connection busy on another thread, so that the work queued for it
/// waits, until the returned closure is called; `first` runs on that thread with the
/// connection before it waits.
func occupy(
  _ database: Database, first: @escaping @Sendable (any AdaptorChannel) -> Void = { _ in }
) -> @Sendable () -> Void {
  let busy = DispatchSemaphore(value: 0)
  let gate = DispatchSemaphore(value: 0)
  Thread {
    _ = try? database.withChannel { channel in
      first(channel)
      busy.signal()
      gate.wait()
    }
  }.start()
  busy.wait()
  return { gate.signal() }
}
