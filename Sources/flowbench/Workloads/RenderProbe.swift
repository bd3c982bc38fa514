/// Counts renders and measures, for each, how long ago the rendered value was set.
@MainActor
final class RenderProbe {
  private let stamps: SetStamps
  private(set) var histogram = LatencyHistogram()
  private(set) var renders = 0
  /// Renders of a value the writer had already lapped in the stamp ring (latency is a lower bound).
  private(set) var lappedRenders = 0
  private(set) var lastRendered: Int32?

  init(stamps: SetStamps) { self.stamps = stamps }

  /// Called by the view's body each time it renders `value`.
  func rendered(_ value: Int32) {
    let now = MonotonicClock.nanos()
    renders += 1
    lastRendered = value
    guard let set = stamps.setTime(of: value) else { return }  // the initial value: never set
    if set.lapped { lappedRenders += 1 }
    histogram.record(nanos: now >= set.nanos ? now - set.nanos : 0)
  }
}
