import KotlinBridge
import KotlinFixtures

/// Seed 000's model done safely: `LocationManager`'s delegate resumes a `SingleFlightBridge`, as in
/// the bridge's documentation. Counts the requests it starts and the stops it forwards, and logs
/// what each delegate call did (`delivered` / `ignored`) so tests can await it.
final class SafeLocator: LocationManagerDelegate, Sendable {
  let manager = LocationManager()
  let answers: SingleFlightBridge<Coordinate>
  let requests = Counter()
  let stops = Counter()
  let log = EventLog()

  init(overlap: SingleFlightBridge<Coordinate>.Overlap = .join) {
    answers = SingleFlightBridge(overlap: overlap)
    manager.delegate = self
    manager.requestWhenInUseAuthorization()
  }

  func locate(timeout: Duration? = nil, isolation: isolated (any Actor)? = #isolation) async throws -> Coordinate {
    let (manager, requests, stops) = (self.manager, self.requests, self.stops)
    return try await answers.run(
      timeout: timeout,
      start: {
        requests.increment()
        manager.requestLocation()
      },
      cancel: {
        stops.increment()
        manager.stopUpdatingLocation()
      })
  }

  func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location]) {
    guard let location = locations.first else { return }
    log.record(answers.resume(returning: location.coordinate) ? "delivered" : "ignored")
  }

  func locationManager(_ manager: LocationManager, didFailWithError error: any Error) {
    log.record(answers.resume(throwing: error) ? "delivered" : "ignored")
  }
}
