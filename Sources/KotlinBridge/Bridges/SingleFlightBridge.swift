import Locking

/// Wraps a callback API that allows only one outstanding request and answers without saying which
/// request it answers (a delegate like `CLLocationManagerDelegate`) into `async throws`.
///
/// Concurrent callers either **join** the pending request (all get its answer — the default) or
/// **fail fast** with ``SingleFlightError``; never the seed's silent overwrite that left the first
/// caller hanging. Cancellation and timeouts are per caller; when the last waiting caller goes
/// away, `cancel` is forwarded to the API, and an answer arriving after that is ignored and counted.
/// A caller arriving while that cancel is being forwarded gets a new request, started after the
/// cancel returned. The API's answers carry no request identity, so an answer is given to whoever
/// waits when it arrives; APIs that answer per request should use ``withOneShot(timeout:isolation:onCancel:_:)``.
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

  private enum Phase {
    case idle
    case pending
    /// The last waiter left and its cancel is being forwarded. Callers arriving now wait for a new
    /// request, started (with `restart`) once the cancel has returned, so that the cancel can never
    /// stop the new request.
    case cancelling(restart: (@Sendable () -> Void)?)
  }

  private struct State {
    var waiters: [Int: OneShotCompletion<Value>] = [:]
    var nextID = 0
    var phase = Phase.idle
    var ignored = 0
  }

  public let overlap: Overlap
  private let state = Locked(State())

  public init(overlap: Overlap = .join) {
    self.overlap = overlap
  }

  /// Answers that arrived while no request was pending (late, duplicate, or after cancellation).
  public var ignoredAnswers: Int { state.withLock { $0.ignored } }

  /// Callers waiting for an answer right now.
  public var waitingCallers: Int { state.withLock { $0.waiters.count } }

  /// Whether a request is pending.
  public var isPending: Bool {
    state.withLock {
      if case .idle = $0.phase { return false }
      return true
    }
  }

  /// Waits for the answer, starting a request if none is pending.
  /// - Parameters:
  ///   - timeout: per-caller wall-clock limit (``OneShotTimeoutError``).
  ///   - start: starts the request (called outside any lock, once per request, by whichever caller
  ///     or canceller finds none pending).
  ///   - cancel: cancels the request; called when the last waiting caller is cancelled or times out.
  /// - Throws: the API's error, `CancellationError`, ``OneShotTimeoutError`` or ``SingleFlightError``.
  public func run(
    timeout: Duration? = nil,
    isolation: isolated (any Actor)? = #isolation,
    start: @escaping @Sendable () -> Void,
    cancel: @escaping @Sendable () -> Void = {}
  ) async throws -> Value {
    try Task.checkCancellation()
    let completion = OneShotCompletion<Value>()
    // Deciding to start or join and registering as a waiter are one step, so an answer or a
    // leaving caller can never fall between them.
    let (id, mustStart) = try state.withLock { (state) throws(SingleFlightError) -> (Int, Bool) in
      let id = state.nextID
      switch state.phase {
      case .pending:
        if overlap == .failFast { throw SingleFlightError() }
        state.waiters[id] = completion
        state.nextID += 1
        return (id, false)
      case .cancelling:
        if overlap == .failFast { throw SingleFlightError() }
        state.phase = .cancelling(restart: start)  // the canceller starts the next request
        state.waiters[id] = completion
        state.nextID += 1
        return (id, false)
      case .idle:
        state.phase = .pending
        state.waiters[id] = completion
        state.nextID += 1
        return (id, true)
      }
    }
    if mustStart { start() }
    let timer: Task<Void, Never>? = timeout.map { timeout in
      Task { [self] in
        do {
          try await Task.sleep(for: timeout)  // a timeout, not synchronisation
        } catch {
          return
        }
        if completion.finish(.failure(OneShotTimeoutError(timeout: timeout))) { leave(id, cancel) }
      }
    }
    defer { timer?.cancel() }
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation(isolation: isolation) { completion.attach($0) }
    } onCancel: { [self] in
      if completion.finish(.failure(CancellationError())) { leave(id, cancel) }
    }
  }

  /// A waiter left early: forget it; when it was the last one, forward the cancel, then start a new
  /// request for callers that arrived meanwhile.
  private func leave(_ id: Int, _ cancel: @Sendable () -> Void) {
    let forward = state.withLock { state -> Bool in
      guard state.waiters.removeValue(forKey: id) != nil, state.waiters.isEmpty else { return false }
      guard case .pending = state.phase else { return false }
      state.phase = .cancelling(restart: nil)
      return true
    }
    guard forward else { return }
    cancel()
    let restart = state.withLock { state -> (@Sendable () -> Void)? in
      guard case .cancelling(let restart) = state.phase, !state.waiters.isEmpty else {
        state.phase = .idle
        return nil
      }
      state.phase = .pending
      return restart
    }
    restart?()
  }

  /// Delivers the answer to every waiting caller. Returns `false` (and counts it) if none waits.
  @discardableResult
  public func resume(returning value: Value) -> Bool { deliver(.success(value)) }

  /// Delivers a failure to every waiting caller. Returns `false` (and counts it) if none waits.
  @discardableResult
  public func resume(throwing error: any Error) -> Bool { deliver(.failure(error)) }

  private func deliver(_ result: Result<Value, any Error>) -> Bool {
    let waiters = state.withLock { state -> [OneShotCompletion<Value>] in
      // An answer while cancelling belongs to the cancelled request, not to callers waiting for
      // the next one.
      guard case .pending = state.phase, !state.waiters.isEmpty else {
        state.ignored += 1
        return []
      }
      defer {
        state.waiters.removeAll()
        state.phase = .idle
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
