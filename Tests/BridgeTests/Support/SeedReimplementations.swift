// Faithful copies of the seeds' bridges, so that their bugs can be shown next to ours. They are
// only ever driven in ways that cannot crash or hang the test process (see each test's comment).
import HeadlessUI
import KotlinFixtures
import Locking

// MARK: - Seed 000 (delegate → async through a stored CheckedContinuation)

/// Seed 000's `LocationModel`, as in `Sources/Scenarios/LocationScenario.swift` (the seed with the
/// Core Location names replaced; copied because that one is internal to Scenarios). One line is
/// added, marked `instrumentation`: every continuation is also handed to `witness`, so a test can
/// release one that the seed's code orphaned after showing that it did. The seed's own code never
/// reads the witness.
@Observable
final class Seed000LocationModel: NSObject {

  let locationManager = LocationManager()

  var coordinate: Coordinate?
  var errorMessage: String?

  @ObservationIgnored
  var locationContinuation: CheckedContinuation<Coordinate, Error>?

  @ObservationIgnored
  let witness = ContinuationWitness()  // instrumentation

  override init() {
    super.init()
    locationManager.delegate = self
    locationManager.requestWhenInUseAuthorization()
  }

  @MainActor
  func requestLocation() async {
    do {
      let result = try await withCheckedThrowingContinuation { continuation in
        witness.record(continuation)  // instrumentation
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

extension Seed000LocationModel: LocationManagerDelegate {
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

/// Every continuation the seed's model created, in order, so that one the model lost can be
/// resumed by the test afterwards (only ever one the test has shown nobody else can resume).
final class ContinuationWitness {
  private(set) var continuations: [CheckedContinuation<Coordinate, Error>] = []

  func record(_ continuation: CheckedContinuation<Coordinate, Error>) { continuations.append(continuation) }
}

/// Sits between the stub's `LocationManager` and the seed's model: records each delegate call
/// (so a test can await it) and forwards it unchanged.
final class RecordingDelegate: LocationManagerDelegate {
  let target: any LocationManagerDelegate
  let log: EventLog

  init(forwardingTo target: any LocationManagerDelegate, log: EventLog) {
    self.target = target
    self.log = log
  }

  func locationManager(_ manager: LocationManager, didUpdateLocations locations: [Location]) {
    target.locationManager(manager, didUpdateLocations: locations)
    log.record("didUpdateLocations")
  }

  func locationManager(_ manager: LocationManager, didFailWithError error: any Error) {
    target.locationManager(manager, didFailWithError: error)
    log.record("didFailWithError")
  }
}

/// Seed 000's two delegate methods, word for word, over a continuation that only counts its
/// resumes (a real `CheckedContinuation` resumed twice traps and would end the test process).
final class Seed000DelegateBodies {
  var locationContinuation: ResumeCounter?

  func locationManager(_ manager: LocationManager?, didUpdateLocations locations: [Location]) {
    guard let location = locations.first else { return }
    locationContinuation?.resume(returning: location.coordinate)
    locationContinuation = nil
  }

  func locationManager(_ manager: LocationManager?, didFailWithError error: any Error) {
    locationContinuation?.resume(throwing: error)
    locationContinuation = nil
  }
}

/// Stands in for a `CheckedContinuation<Coordinate, Error>`: counts resumes instead of trapping on
/// the second. `duringResume` runs inside the first resume — where another thread's callback can
/// run when two deliveries overlap.
final class ResumeCounter {
  private(set) var resumes: [Result<Coordinate, SourceError>] = []
  var duringResume: (() -> Void)?

  func resume(returning value: Coordinate) { record(.success(value)) }

  func resume(throwing error: any Error) { record(.failure(error as? SourceError ?? SourceError(code: -1))) }

  private func record(_ result: Result<Coordinate, SourceError>) {
    resumes.append(result)
    let interleaved = duringResume
    duringResume = nil
    interleaved?()
  }
}

// MARK: - Seed 001 (Combine publisher → AsyncThrowingStream)

/// Seed 001's `CombineAsyncStream`, word for word. Combine does not exist on Linux: the
/// `AnyCancellable` is HeadlessUI's and `NotificationCenter.publisher(for:object:)` below is a
/// minimal stand-in for Combine's (`sink` observes from the call on, synchronously, like Combine's).
class Seed001CombineAsyncStream<Element> {
  private var continuation: AsyncThrowingStream<Element, Error>.Continuation?
  private var asyncStream: AsyncThrowingStream<Element, Error>?

  init(
    bufferingPolicy: AsyncThrowingStream<Element, Error>.Continuation.BufferingPolicy = .bufferingNewest(1),
    _ buildCombine: @escaping @Sendable (AsyncThrowingStream<Element, Error>.Continuation) -> AnyCancellable
  ) {
    asyncStream = AsyncThrowingStream<Element, Error>(
      bufferingPolicy: bufferingPolicy,
      { innerContinuation in
        continuation = innerContinuation
        let cancellable = buildCombine(innerContinuation)
        innerContinuation.onTermination = { _ in cancellable.cancel() }
      })
  }

  deinit {
    cancel()
  }

  func wait() async throws -> Element? {
    try await asyncStream?.first { _ in true }
      .flatMap { element in
        cancel()
        return element
      }
  }

  func cancel() {
    continuation?.finish()
    asyncStream = nil
    continuation = nil
  }
}

/// Seed 001's `AsyncNotification`, word for word (hence `NotificationCenter.default`: tests use a
/// notification name of their own) but for one line marked `Swift 6`: the seed was written for
/// Swift 5, where capturing the non-Sendable `object` in a `@Sendable` closure was allowed.
final class Seed001AsyncNotification: Seed001CombineAsyncStream<Notification> {
  convenience init(for name: Notification.Name, object: AnyObject? = nil) {
    let object = UncheckedSendable(object)  // Swift 6
    self.init { continuation in
      NotificationCenter.default
        .publisher(for: name, object: object.value)
        .sink(receiveValue: { notification in
          continuation.yield(notification)
        })
    }
  }
}

/// The part of Combine's `NotificationCenter.Publisher` that seed 001 uses.
struct NotificationPublisherStandIn {
  let center: NotificationCenter
  let name: Notification.Name
  let object: AnyObject?

  /// Hands each notification over (`sending`: each post makes a fresh `Notification` value).
  func sink(receiveValue: @escaping (sending Notification) -> Void) -> AnyCancellable {
    let receive = UncheckedSendable(receiveValue)
    let token = UncheckedSendable(
      center.addObserver(forName: name, object: object, queue: nil) { notification in
        let posted = UncheckedSendable(notification)  // each post is its own value
        receive.value(posted.value)
      })
    return AnyCancellable { [center] in center.removeObserver(token.value) }
  }
}

extension NotificationCenter {
  func publisher(for name: Notification.Name, object: AnyObject? = nil) -> NotificationPublisherStandIn {
    NotificationPublisherStandIn(center: self, name: name, object: object)
  }
}

/// Carries a value Combine would carry without Sendable checking (Combine predates it).
struct UncheckedSendable<Value>: @unchecked Sendable {
  let value: Value
  init(_ value: Value) { self.value = value }
}

// MARK: - The lazy bridge (subscribes when awaited)

/// The stored-continuation pattern of seed 000 applied to a notification: the observer is added
/// inside `withCheckedContinuation`, i.e. only once the caller awaits. Made safe against a double
/// resume (that is not what it shows); `subscribed` runs once the observer is in place.
func lazyNextNotification(
  named name: Notification.Name, on center: NotificationCenter, subscribed: @Sendable () -> Void
) async -> Notification {
  let token = Locked<UncheckedSendable<any NSObjectProtocol>?>(nil)
  let sent = await withCheckedContinuation {
    (continuation: CheckedContinuation<UncheckedSendable<Notification>, Never>) in
    let resumed = Locked(false)
    let observer = center.addObserver(forName: name, object: nil, queue: nil) { notification in
      let first = resumed.withLock { done -> Bool in
        defer { done = true }
        return !done
      }
      if first { continuation.resume(returning: UncheckedSendable(notification)) }
    }
    token.withLock { $0 = UncheckedSendable(observer) }
    subscribed()
  }
  if let observer = token.withLock({ $0 }) { center.removeObserver(observer.value) }
  return sent.value
}
