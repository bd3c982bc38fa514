import Testing

/// What views and their tasks did, in order. A test awaits an event instead of sleeping for it.
@MainActor
final class EventLog {
  private(set) var events: [String] = []
  private var waiters: [Int: (event: String, continuation: CheckedContinuation<Void, Never>)] = [:]
  private var nextWaiter = 0

  func record(_ event: String) {
    events.append(event)
    resume { $0 == event }
  }

  /// Returns once `event` has been recorded (at once if it already was), or when the waiting task
  /// is cancelled (the suites' time limit does that), so a renderer that never records it fails
  /// the test instead of hanging the run.
  func waitFor(_ event: String, sourceLocation: SourceLocation = #_sourceLocation) async {
    if events.contains(event) { return }
    let id = nextWaiter
    nextWaiter += 1
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        if Task.isCancelled {
          continuation.resume()
        } else {
          waiters[id] = (event, continuation)
        }
      }
    } onCancel: {
      Task { @MainActor in self.cancelWaiter(id) }
    }
    if !events.contains(event) {
      Issue.record("Gave up waiting for \"\(event)\"; events so far: \(events)", sourceLocation: sourceLocation)
    }
  }

  func count(of event: String) -> Int { events.filter { $0 == event }.count }

  private func cancelWaiter(_ id: Int) {
    waiters.removeValue(forKey: id)?.continuation.resume()
  }

  private func resume(where matches: (String) -> Bool) {
    let ready = waiters.filter { matches($0.value.event) }
    for (id, waiter) in ready {
      waiters[id] = nil
      waiter.continuation.resume()
    }
  }
}
