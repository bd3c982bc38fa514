import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// When each StateFlow value was set: the writer stamps value `v` just before setting it, and a
/// render of `v` looks the stamp up. A ring (allocated and touched once, so it adds no memory
/// during a run) indexed by value; a value the writer has lapped reports the oldest stamp still
/// held, a lower bound of its set time, and says so.
final class SetStamps: Sendable {
  let capacity: Int
  private let mask: Int
  nonisolated(unsafe) private let times: UnsafeMutablePointer<Atomic<UInt64>>
  private let latest = Atomic<Int>(0)

  init(capacityLog2: Int) {
    capacity = 1 << capacityLog2
    mask = capacity - 1
    times = .allocate(capacity: capacity)
    for index in 0..<capacity { (times + index).initialize(to: Atomic(0)) }
  }

  deinit {
    times.deinitialize(count: capacity)
    times.deallocate()
  }

  /// Starts a new run (values count up from 1 again).
  func reset() { latest.store(0, ordering: .releasing) }

  /// Called by the writer just before `counter.value = value`.
  @inline(__always)
  func stamp(_ value: Int32, at nanos: UInt64) {
    times[Int(value) & mask].store(nanos, ordering: .relaxed)
    latest.store(Int(value), ordering: .releasing)
  }

  /// The set time of `value` (a lower bound, `lapped`, when the ring no longer holds it), or `nil`
  /// for a value that was never stamped in this run (the initial value).
  func setTime(of value: Int32) -> (nanos: UInt64, lapped: Bool)? {
    let newest = latest.load(ordering: .acquiring)
    let value = Int(value)
    guard value >= 1, value <= newest else { return nil }
    if newest - value < capacity - 1 { return (times[value & mask].load(ordering: .relaxed), false) }
    return (times[(newest + 1) & mask].load(ordering: .relaxed), true)  // the oldest entry left
  }
}
