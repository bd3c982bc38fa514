import KotlinFixtures

/// The Kotlin runtime's counts once every run has ended: no stable reference, collection or call
/// may still be alive, and no API misuse may have happened.
struct LeakCheck: Sendable {
  let snapshot: KotlinRuntimeSnapshot

  var clean: Bool { snapshot.isQuiescent && snapshot.misuses == 0 }

  /// Waits (up to a few seconds) for the last terminal events and releases, then reads the counts.
  static func run() -> LeakCheck {
    var snapshot = KotlinTestRuntime.snapshot()
    for _ in 0..<50 where !snapshot.isQuiescent {
      _ = KotlinTestRuntime.waitUntilIdle(timeoutMillis: 100)
      MonotonicClock.sleep(millis: 10)
      snapshot = KotlinTestRuntime.snapshot()
    }
    return LeakCheck(snapshot: snapshot)
  }

  var warning: String? {
    clean ? nil : "warning: the Kotlin runtime is not back to zero at the end of the run: \(snapshot)"
  }
}
