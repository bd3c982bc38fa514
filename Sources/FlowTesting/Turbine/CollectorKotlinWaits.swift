import KotlinBridge

/// The turbine collector's caller activity: the bridge reports each Kotlin wait of the collector's
/// `next()` — after its request reached the Kotlin runtime, and when Kotlin answers it, before the
/// answer is counted as a handoff — so `letCollectorCatchUp` knows exactly when the collector is
/// parked on Kotlin instead of guessing from "inside next()".
///
/// It also replaces any activity the collector task inherited (a test double's body that runs a
/// turbine): the collector is a task of its own, and its waits are not the body's.
struct CollectorKotlinWaits<Element: Sendable>: KotlinCallerActivity {
  let channel: TurbineChannel<Element>

  func suspended() { channel.collectorWaitsOnKotlin() }
  func resumed() { channel.kotlinAnsweredCollector() }
}
