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

/// Sits between the upstream and the subscriber, counting demand so that the replacement value is
/// sent only once the subscriber has asked for it. Lets go of the subscriber once the stream is over
/// (completed or cancelled), so that the subscriber holding this subscription makes no cycle.
final class ReplaceErrorInner<Input, UpstreamFailure: Error, Downstream: Subscriber>: Subscriber, Subscription,
  @unchecked Sendable
where Downstream.Input == Input, Downstream.Failure == Never {
  // @unchecked Sendable: all mutable state is in `state`, behind its lock; no call is made under it.
  private struct State: @unchecked Sendable {  // @unchecked: Combine's subscribers are not Sendable
    var downstream: Downstream?
    var demand = Subscribers.Demand.none
    var upstream: (any Subscription)?
    /// The upstream failed and the replacement waits for demand.
    var replacementPending = false
    var done: Bool { downstream == nil }
  }

  private let output: Input
  private let state: Locked<State>

  init(downstream: Downstream, output: Input) {
    self.output = output
    state = Locked(State(downstream: downstream))
  }

  func receive(subscription: any Subscription) {
    let downstream = state.withLock { state -> Downstream? in
      guard state.upstream == nil, !state.done else { return nil }
      state.upstream = subscription
      return state.downstream
    }
    if let downstream { downstream.receive(subscription: self) } else { subscription.cancel() }
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    let downstream = state.withLock { state -> Downstream? in
      state.demand -= 1
      return state.downstream
    }
    guard let downstream else { return .none }
    let more = downstream.receive(input)
    state.withLock { $0.demand += more }
    return more
  }

  func receive(completion: Subscribers.Completion<UpstreamFailure>) {
    let (downstream, replace) = state.withLock { state -> (Downstream?, Bool) in
      guard let downstream = state.downstream else { return (nil, false) }
      state.upstream = nil
      guard case .failure = completion else {
        state.downstream = nil
        return (downstream, false)
      }
      if state.demand == 0 {
        state.replacementPending = true
        return (nil, false)
      }
      state.downstream = nil
      return (downstream, true)
    }
    guard let downstream else { return }
    if replace { _ = downstream.receive(output) }
    downstream.receive(completion: .finished)
  }

  func request(_ demand: Subscribers.Demand) {
    let (upstream, replaceFor) = state.withLock { state -> ((any Subscription)?, Downstream?) in
      guard !state.done, demand > 0 else { return (nil, nil) }
      if state.replacementPending {
        defer { state.downstream = nil }
        return (nil, state.downstream)
      }
      state.demand += demand
      return (state.upstream, nil)
    }
    if let downstream = replaceFor {
      _ = downstream.receive(output)
      downstream.receive(completion: .finished)
    } else {
      upstream?.request(demand)
    }
  }

  func cancel() {
    let upstream = state.withLock { state -> (any Subscription)? in
      state.downstream = nil
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
