import Locking
import Synchronization

/// Samples the resident set every few milliseconds on its own thread, to tell flat memory from
/// memory that grows during a run.
final class RSSSampler: Sendable {
  private final class Storage: Sendable {
    let samples = Locked<[Int]>([])
    let stopping = Atomic<Bool>(false)
  }

  private static let maxSamples = 100_000
  private let shared = Storage()
  private let thread: BackgroundThread

  init(intervalMillis: Int = 10) {
    let shared = self.shared
    shared.samples.withLock { $0.reserveCapacity(Self.maxSamples) }
    thread = BackgroundThread {
      while !shared.stopping.load(ordering: .relaxed) {
        let kib = MemoryProbe.residentKiB()
        shared.samples.withLock { if $0.count < Self.maxSamples { $0.append(kib) } }
        MonotonicClock.sleep(millis: intervalMillis)
      }
    }
  }

  /// Stops sampling; returns the samples in KiB, oldest first.
  func stop() -> [Int] {
    shared.stopping.store(true, ordering: .relaxed)
    thread.join()
    return shared.samples.withLock { $0 }
  }
}
