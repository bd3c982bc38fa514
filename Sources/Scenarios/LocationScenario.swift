// Seed 000's code with the Core Location names replaced by the stub's (CLLocationManager →
// LocationManager, CLLocationCoordinate2D → Coordinate, CLLocation → Location, the delegate
// protocol → LocationManagerDelegate) and `import SwiftUI` → `import HeadlessUI`. Otherwise as
// written (including its stored-continuation bridge, kept to show the seed as it is; the safe forms
// are `withOneShot` and `SingleFlightBridge` in KotlinBridge),
// plus `public` where flowdump needs it.
import HeadlessUI
import KotlinFixtures

// Model
@Observable
final class LocationModel: NSObject {

  let locationManager = LocationManager()

  var coordinate: Coordinate?
  var errorMessage: String?

  @ObservationIgnored
  var locationContinuation: CheckedContinuation<Coordinate, Error>?

  override init() {
    super.init()
    locationManager.delegate = self
    locationManager.requestWhenInUseAuthorization()
  }

  @MainActor
  func requestLocation() async {
    do {
      let result = try await withCheckedThrowingContinuation { continuation in
        locationContinuation = continuation
        locationManager.requestLocation()
      }
      coordinate = result
      errorMessage = nil
    } catch {
      coordinate = nil
      errorMessage = error.localizedDescription
    }
  }
}

extension LocationModel: LocationManagerDelegate {
  func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location]) {
    guard let location = locations.first else { return }
    locationContinuation?.resume(returning: location.coordinate)
    locationContinuation = nil
  }

  func locationManager(_ manager: LocationManager, didFailWithError error: any Error) {
    locationContinuation?.resume(throwing: error)
    locationContinuation = nil
  }
}

// View
public struct LocationView: View {
  @State private var locationModel: LocationModel = .init()
  private let script: [LocationOutcome]

  /// - Parameter script: how the stub answers (default: Tokyo Station after 100 ms).
  public init(script: [LocationOutcome] = []) {
    self.script = script
  }

  public var body: some View {
    VStack {
      if let data = locationModel.coordinate {
        Text("緯度:\(data.latitude)")
        Text("経度:\(data.longitude)")
      } else {
        Text("位置情報なし")
      }
    }
    .task {
      for outcome in script { locationModel.locationManager.script(outcome) }
      await locationModel.requestLocation()
    }
  }
}
