import CInterop
import Dispatch
import KotlinBridge
import Locking

/// `data class Coordinate(val latitude: Double, val longitude: Double)` (like CLLocationCoordinate2D).
public struct Coordinate: Hashable, Sendable {
  public var latitude: Double
  public var longitude: Double

  public init(latitude: Double, longitude: Double) {
    self.latitude = latitude
    self.longitude = longitude
  }

  /// Tokyo Station, the stub's default answer.
  public static let tokyoStation = Coordinate(latitude: 35.681236, longitude: 139.767125)
}

/// `data class Location(val coordinate: Coordinate)` (like CLLocation).
public struct Location: Hashable, Sendable {
  public var coordinate: Coordinate
  public init(coordinate: Coordinate) { self.coordinate = coordinate }
}

/// The delegate of a ``LocationManager`` (like CLLocationManagerDelegate). Called on the main
/// thread, as Core Location calls a delegate of a manager created there.
public protocol LocationManagerDelegate: AnyObject {
  func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location])
  func locationManager(_ manager: LocationManager, didFailWithError error: any Error)
}

/// How the stub answers the next `requestLocation()` (test scripting).
public enum LocationOutcome: Sendable, Hashable {
  /// `didUpdateLocations([coordinate])` after `afterMillis`.
  case answer(Coordinate, afterMillis: Int64 = 100)
  /// `didFailWithError(IllegalStateException(message))` after `afterMillis`.
  case fail(String, afterMillis: Int64 = 100)
  /// Never answers.
  case silent
  /// Answers twice (a source that misbehaves).
  case answerTwice(Coordinate, afterMillis: Int64 = 100)
  /// Answers even if `stopUpdatingLocation()` was called (a late answer).
  case answerAfterStop(Coordinate, afterMillis: Int64 = 100)
}

/// `class LocationManager` of package `location`, shaped like CLLocationManager: `requestLocation()`
/// answers once, later, through the delegate.
public final class LocationManager: KotlinBase, @unchecked Sendable {
  // @unchecked Sendable: the Kotlin object is thread-safe; the Swift delegate reference lives in
  // `delegateBox`, behind its lock.

  private let delegateBox = DelegateBox()

  public init() {
    let table = symbols.pointee.kotlin.root.location.LocationManager
    let ref = constructed(KotlinABI.inCurrentScope { table.LocationManager() }.pinned, "LocationManager()")
    super.init(ref: ref)
    delegateBox.manager.withLock { $0 = WeakManager(manager: self) }
    installDelegate()
  }

  private var cRef: shared_kref_location_LocationManager { shared_kref_location_LocationManager(pinned: ref.pointer) }

  /// The delegate (held weakly, like Core Location does).
  public var delegate: (any LocationManagerDelegate)? {
    get { delegateBox.delegate.withLock { $0.delegate } }
    set { delegateBox.delegate.withLock { $0 = WeakDelegate(delegate: newValue) } }
  }

  public func requestWhenInUseAuthorization() {
    symbols.pointee.kotlin.root.location.LocationManager.requestWhenInUseAuthorization(cRef)
  }

  /// How many times authorization was requested.
  public var authorizationRequests: Int32 {
    symbols.pointee.kotlin.root.location.LocationManager.get_authorizationRequests(cRef)
  }

  /// Asks for one location; the delegate answers later (by default Tokyo Station after 100 ms).
  public func requestLocation() {
    let cRef = self.cRef
    KotlinABI.inCurrentScope { symbols.pointee.kotlin.root.location.LocationManager.requestLocation(cRef) }
  }

  /// Cancels pending requests: they do not answer (unless scripted with `.answerAfterStop`).
  public func stopUpdatingLocation() {
    symbols.pointee.kotlin.root.location.LocationManager.stopUpdatingLocation(cRef)
  }

  /// Scripts how the next requests answer, in order; afterwards the default answer returns.
  public func script(_ outcomes: LocationOutcome...) {
    for outcome in outcomes {
      var script = shared_LocationScript()
      var message: String?
      switch outcome {
      case .answer(let coordinate, let millis):
        script = Self.script(shared_LocationOutcome_answer, coordinate, millis)
      case .fail(let text, let millis):
        script = Self.script(shared_LocationOutcome_fail, .tokyoStation, millis)
        message = text
      case .silent:
        script = Self.script(shared_LocationOutcome_silent, .tokyoStation, 0)
      case .answerTwice(let coordinate, let millis):
        script = Self.script(shared_LocationOutcome_answerTwice, coordinate, millis)
      case .answerAfterStop(let coordinate, let millis):
        script = Self.script(shared_LocationOutcome_answerAfterStop, coordinate, millis)
      }
      let status: shared_Status
      if let message {
        status = message.withCString { text in
          script.message = text
          return shared_location_LocationManager_script(cRef, &script)
        }
      } else {
        status = shared_location_LocationManager_script(cRef, &script)
      }
      precondition(status == shared_Status_ok, "LocationManager.script: refused (\(status.rawValue)); a delay < 0?")
    }
  }

  private static func script(_ outcome: shared_LocationOutcome, _ coordinate: Coordinate, _ millis: Int64)
    -> shared_LocationScript
  {
    shared_LocationScript(
      outcome: Int32(outcome.rawValue),
      coordinate: shared_Coordinate(latitude: coordinate.latitude, longitude: coordinate.longitude),
      message: nil, delayMillis: millis)
  }

  /// Registers the C delegate once; it forwards to whatever Swift delegate is set at answer time.
  private func installDelegate() {
    let context = Unmanaged.passRetained(delegateBox)  // released by the C delegate's `release`
    let delegate = shared_LocationManagerDelegate(
      context: context.toOpaque(),
      didUpdateLocations: { context, locations, count in
        guard let context, let locations else { return }
        let box = Unmanaged<DelegateBox>.fromOpaque(context).takeUnretainedValue()
        let values = (0..<Int(count)).map {
          Location(coordinate: Coordinate(latitude: locations[$0].latitude, longitude: locations[$0].longitude))
        }
        box.onMain { manager, delegate in delegate.locationManager(manager, didUpdateLocations: values) }
      },
      didFailWithError: { context, error in
        guard let context else { return }
        let exception = KotlinABI.takeThrowable(error)
        Unmanaged<DelegateBox>.fromOpaque(context).takeUnretainedValue()
          .onMain { manager, delegate in delegate.locationManager(manager, didFailWithError: exception) }
      },
      release: { context in
        guard let context else { return }
        Unmanaged<DelegateBox>.fromOpaque(context).release()
      })
    let status = shared_location_LocationManager_setDelegate(cRef, delegate)
    precondition(status == shared_Status_ok, "LocationManager: the delegate was refused (\(status.rawValue))")
  }
}

// @unchecked Sendable wrappers: a weak reference is only loaded under the box's lock and the
// objects are only called on the main thread.
private struct WeakDelegate: @unchecked Sendable {
  weak var delegate: (any LocationManagerDelegate)?
}

private struct WeakManager: @unchecked Sendable {  // as WeakDelegate: see above
  weak var manager: LocationManager?
}

/// What the C delegate's context points to: the current Swift delegate and the manager, both weak.
private final class DelegateBox: Sendable {
  let delegate = Locked(WeakDelegate())
  let manager = Locked(WeakManager())

  /// Calls the delegate on the main thread (in order: the main queue is FIFO), if both still exist.
  func onMain(_ call: @escaping @Sendable (LocationManager, any LocationManagerDelegate) -> Void) {
    // Counted as a handoff of the scope whose Kotlin job answers (this is its worker thread) until
    // the delegate has run: between the two the Kotlin side is idle while the answer still waits
    // on the main queue, and settle() / an auto-advancing clock must see it as pending.
    let handoffs = HandoffCounter.of(KotlinRuntimeScope.currentOnThisThread())
    handoffs.handedOver()
    DispatchQueue.main.async { [self] in
      defer { handoffs.pickedUp() }
      guard let manager = manager.withLock({ $0.manager }), let delegate = delegate.withLock({ $0.delegate }) else {
        return
      }
      call(manager, delegate)
    }
  }
}
