import KotlinFixtures
import Synchronization

/// One thread setting `counter` to 1, 2, 3, … until stopped, stamping each value first (when
/// given stamps). Paced at `setsPerSecond` (spinning between sets, so that every strategy faces
/// the same stream of updates), or as fast as it can without a rate; behind schedule, it runs
/// flat out.
final class StateFlowWriter: Sendable {
  private final class Storage: Sendable {
    let stopping = Atomic<Bool>(false)
    let last = Atomic<Int32>(0)
  }

  private let shared = Storage()
  private let thread: BackgroundThread

  init(_ counter: any KotlinTypedMutableStateFlow<Int32>, stamps: SetStamps?, setsPerSecond: Double? = nil) {
    let shared = self.shared
    let interval = setsPerSecond.map { 1e9 / $0 } ?? 0
    thread = BackgroundThread {
      let first = counter.value
      var value = first
      let start = MonotonicClock.nanos()
      while !shared.stopping.load(ordering: .relaxed), value < Int32.max {
        value += 1
        var now = MonotonicClock.nanos()
        let due = start + UInt64(Double(value - first) * interval)
        while now < due { now = MonotonicClock.nanos() }
        stamps?.stamp(value, at: now)
        counter.value = value
      }
      shared.last.store(value, ordering: .releasing)
    }
  }

  /// Stops the writer and returns the last value it set.
  func stop() -> Int32 {
    shared.stopping.store(true, ordering: .relaxed)
    thread.join()
    return shared.last.load(ordering: .acquiring)
  }
}
