import Locking

extension Publishers {
  /// Replaces a failure with one value, then finishes (Combine's `Publishers.ReplaceError`).
  ///
  /// Values before the failure pass through unchanged. When the upstream fails, `output` is sent
  /// as soon as the subscriber has demand for it (at once if it has), followed by `.finished`.
  ///
  /// ```swift
  /// let safe: Publishers.ReplaceError<AnyPublisher<String, Error>> = names.replaceError(with: "")
  /// ```
  public struct ReplaceError<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Never
    public let upstream: Upstream
    /// The value sent in place of the upstream's failure.
    public let output: Upstream.Output

    public init(upstream: Upstream, output: Upstream.Output) {
      self.upstream = upstream
      self.output = output
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
      upstream.subscribe(
        ReplaceErrorInner<Upstream.Output, Upstream.Failure, S>(downstream: subscriber, output: output))
    }
  }

  /// Republishes everything and stops the program if the upstream fails
  /// (Combine's `Publishers.AssertNoFailure`).
  ///
  /// ```swift
  /// let state: Publishers.AssertNoFailure<AnyPublisher<State, Error>> = flow.assertNoFailure()
  /// ```
  public struct AssertNoFailure<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Never
    public let upstream: Upstream
    /// Put in front of the fatal error's message.
    public let prefix: String
    public let file: StaticString
    public let line: UInt

    public init(upstream: Upstream, prefix: String, file: StaticString, line: UInt) {
      self.upstream = upstream
      self.prefix = prefix
      self.file = file
      self.line = line
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Never {
      let (prefix, file, line) = (self.prefix, self.file, self.line)
      upstream.subscribe(
        AssertNoFailureRelay<Output, Upstream.Failure, S>(downstream: subscriber) { error in
          let lead = prefix.isEmpty ? "" : "\(prefix): "
          fatalError("\(lead)assertNoFailure: the upstream failed with \(error)", file: file, line: line)
        })
    }
  }
}

/// Forwards values and `.finished`; hands a failure to `onFailure` (which never returns).
struct AssertNoFailureRelay<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber
where Downstream.Input == Input, Downstream.Failure == Never {
  let downstream: Downstream
  let onFailure: (UpstreamFailure) -> Never

  func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
  func receive(_ input: Input) -> Subscribers.Demand { downstream.receive(input) }
  func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    switch completion {
    case .finished: downstream.receive(completion: .finished)
    case .failure(let error): onFailure(error)
    }
  }
}

/// What `ReplaceErrorInner` does after the upstream completes.
enum ReplaceErrorStep { case nothing, finish, replaceAndFinish }

/// Sits between the upstream and the subscriber, counting demand so that the replacement value is
/// sent only once the subscriber has asked for it.
final class ReplaceErrorInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
  @unchecked Sendable
where Downstream.Input == Input, Downstream.Failure == Never {
  // @unchecked Sendable: all mutable state is in `state`, behind its lock; no call is made under it.
  private struct State: @unchecked Sendable {  // @unchecked: Combine's subscriptions are not Sendable
    var demand = Subscribers.Demand.none
    var upstream: (any Subscription)?
    /// The upstream failed and the replacement waits for demand.
    var replacementPending = false
    var done = false
  }

  private let downstream: Downstream
  private let output: Input
  private let state = Locked(State())

  init(downstream: Downstream, output: Input) {
    self.downstream = downstream
    self.output = output
  }

  func receive(subscription: any Subscription) {
    let accepted = state.withLock { state -> Bool in
      guard state.upstream == nil, !state.done else { return false }
      state.upstream = subscription
      return true
    }
    if accepted { downstream.receive(subscription: self) } else { subscription.cancel() }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let open = state.withLock { state -> Bool in
      guard !state.done else { return false }
      state.demand -= 1
      return true
    }
    guard open else { return .none }
    let more = downstream.receive(input)
    state.withLock { $0.demand += more }
    return more
  }

  func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    let next = state.withLock { state -> ReplaceErrorStep in
      guard !state.done else { return .nothing }
      state.upstream = nil
      if case .failure = completion, state.demand == 0 {
        state.replacementPending = true
        return .nothing
      }
      state.done = true
      if case .failure = completion { return .replaceAndFinish }
      return .finish
    }
    switch next {
    case .nothing: return
    case .finish: downstream.receive(completion: .finished)
    case .replaceAndFinish:
      _ = downstream.receive(output)
      downstream.receive(completion: .finished)
    }
  }

  func request(_ demand: Subscribers.Demand) {
    let (upstream, replace) = state.withLock { state -> ((any Subscription)?, Bool) in
      guard !state.done, demand > 0 else { return (nil, false) }
      if state.replacementPending {
        state.replacementPending = false
        state.done = true
        return (nil, true)
      }
      state.demand += demand
      return (state.upstream, false)
    }
    if replace {
      _ = downstream.receive(output)
      downstream.receive(completion: .finished)
    } else {
      upstream?.request(demand)
    }
  }

  func cancel() {
    let upstream = state.withLock { state -> (any Subscription)? in
      state.done = true
      state.replacementPending = false
      defer { state.upstream = nil }
      return state.upstream
    }
    upstream?.cancel()
  }
}

extension Publisher {
  /// Replaces a failure with `output`, sent once the subscriber asks for it, and then finishes.
  ///
  /// ```swift
  /// createPublisher(for: clock.time)
  ///   .map { "\($0)" }
  ///   .replaceError(with: "clock stopped")
  ///   .receive(on: DispatchQueue.main)
  ///   .assign(to: &$text)
  /// ```
  public func replaceError(with output: Output) -> Publishers.ReplaceError<Self> {
    Publishers.ReplaceError(upstream: self, output: output)
  }

  /// Republishes every value and `.finished`, and stops the program with a fatal error naming
  /// the failure (and `prefix`) if the upstream fails, as Apple's `assertNoFailure` does: use it
  /// where a failure is a programming error.
  ///
  /// ```swift
  /// viewModel.state.publisher   // a wrapper around a Kotlin StateFlow, typed to fail with Error
  ///   .assertNoFailure()
  ///   .assign(to: &$state)
  /// ```
  public func assertNoFailure(_ prefix: String = "", file: StaticString = #file, line: UInt = #line)
    -> Publishers.AssertNoFailure<Self>
  {
    Publishers.AssertNoFailure(upstream: self, prefix: prefix, file: file, line: line)
  }
}
