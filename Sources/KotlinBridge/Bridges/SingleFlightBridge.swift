import Locking

/// Wraps a callback API that allows only one outstanding request and answers without saying which
/// request it answers (a delegate like `CLLocationManagerDelegate`) into `async throws`.
///
/// Concurrent callers either **join** the pending request (all get its answer — the default) or
/// **fail fast** with ``SingleFlightError``; never the seed's silent overwrite that left the first
/// caller hanging. Cancellation and timeouts are per caller; when the last waiting caller goes
/// away, `cancel` is forwarded to the API, and an answer arriving after that is ignored and counted.
///
/// ```swift
/// final class Locator: LocationManagerDelegate {
///   let manager = LocationManager()
///   let answers = SingleFlightBridge<Coordinate>()
///   init() { manager.delegate = self }
///   func locate() async throws -> Coordinate {
///     try await answers.run(start: { manager.requestLocation() }, cancel: { manager.stopUpdatingLocation() })
///   }
///   func locationManager(_ m: LocationManager, didUpdateLocations l: [Location]) {
///     if let first = l.first { answers.resume(returning: first.coordinate) }
///   }
///   func locationManager(_ m: LocationManager, didFailWithError e: any Error) { answers.resume(throwing: e) }
/// }
/// ```
public final class SingleFlightBridge<Value: Sendable>: Sendable {
  /// What a call does while another one's request is pending.
  public enum Overlap: Sendable, Hashable {
    /// Wait for the pending request's answer.
    case join
    /// Throw ``SingleFlightError`` at once.
    case failFast
  }

  private struct State {
    var waiters: [Int: OneShotCompletion<Value>] = [:]
    var nextID = 0
    var pending = false
    var ignored = 0
  }

  public let overlap: Overlap
  private let state = Locked(State())

  public init(overlap: Overlap = .join) {
    self.overlap = overlap
  }

  /// Answers that arrived while no request was pending (late, duplicate, or after cancellation).
  public var ignoredAnswers: Int { state.withLock { $0.ignored } }

  /// Whether a request is pending.
  public var isPending: Bool { state.withLock { $0.pending } }

  /// Waits for the answer, starting a request if none is pending.
  /// - Parameters:
  ///   - timeout: per-caller wall-clock limit (``OneShotTimeoutError``).
  ///   - start: starts the request (called outside any lock, at most once per pending request).
  ///   - cancel: cancels the request; called when the last waiting caller is cancelled or times out.
  /// - Throws: the API's error, `CancellationError`, ``OneShotTimeoutError`` or ``SingleFlightError``.
  public func run(
    timeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    start: () -> Void,
    cancel: @escaping @Sendable () -> Void = {}
  ) async throws -> Value {
    let (id, mustStart): (Int, Bool) = try state.withLock { (state) throws(SingleFlightError) -> (Int, Bool) in
      if state.pending, overlap == .failFast { throw SingleFlightError() }
      defer { state.nextID += 1 }
      let mustStart = !state.pending
      state.pending = true
      return (state.nextID, mustStart)
    }
    return try await withOneShot(timeout: timeout, isolation: isolation, onCancel: { [self] in leave(id, cancel) }) {
      completion in
      state.withLock { $0.waiters[id] = completion }
      if mustStart { start() }
    }
  }

  /// A waiter left early: forget it, and cancel the request when nobody waits any more.
  private func leave(_ id: Int, _ cancel: @Sendable () -> Void) {
    let lastOne = state.withLock { state -> Bool in
      state.waiters[id] = nil
      guard state.pending, state.waiters.isEmpty else { return false }
      state.pending = false
      return true
    }
    if lastOne { cancel() }
  }

  /// Delivers the answer to every waiting caller. Returns `false` (and counts it) if none waits.
  @discardableResult
  public func resume(returning value: Value) -> Bool { deliver(.success(value)) }

  /// Delivers a failure to every waiting caller. Returns `false` (and counts it) if none waits.
  @discardableResult
  public func resume(throwing error: any Error) -> Bool { deliver(.failure(error)) }

  private func deliver(_ result: Result<Value, any Error>) -> Bool {
    let waiters = state.withLock { state -> [OneShotCompletion<Value>] in
      guard state.pending, !state.waiters.isEmpty else {
        state.ignored += 1
        return []
      }
      defer {
        state.waiters.removeAll()
        state.pending = false
      }
      return Array(state.waiters.values)
    }
    for waiter in waiters { _ = waiter.finish(result) }
    return !waiters.isEmpty
  }
}

/// ``SingleFlightBridge`` with `.failFast`: a request was already pending.
public struct SingleFlightError: Error, Hashable, Sendable, CustomStringConvertible {
  public var description: String {
    "A request is already pending and this API allows only one; await it, or use overlap: .join"
  }
}
