import Locking

extension Publishers {
  /// Transforms each value (Combine's `Publishers.Map`).
  public struct Map<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let transform: (Upstream.Output) -> Output

    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output) {
      self.upstream = upstream
      self.transform = transform
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let transform = self.transform
      upstream.subscribe(
        Relay<Upstream.Output, Failure, S>(downstream: subscriber) { subscriber.receive(transform($0)) })
    }
  }

  /// Transforms each value and drops the nil results (Combine's `Publishers.CompactMap`).
  public struct CompactMap<Upstream: Publisher, Output>: Publisher {
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let transform: (Upstream.Output) -> Output?

    public init(upstream: Upstream, transform: @escaping (Upstream.Output) -> Output?) {
      self.upstream = upstream
      self.transform = transform
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let transform = self.transform
      upstream.subscribe(
        Relay<Upstream.Output, Failure, S>(downstream: subscriber) { value in
          // A dropped value was asked for: ask upstream for one more in its place.
          guard let output = transform(value) else { return .max(1) }
          return subscriber.receive(output)
        })
    }
  }

  /// Republishes only the values that satisfy a predicate (Combine's `Publishers.Filter`).
  public struct Filter<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let isIncluded: (Upstream.Output) -> Bool

    public init(upstream: Upstream, isIncluded: @escaping (Upstream.Output) -> Bool) {
      self.upstream = upstream
      self.isIncluded = isIncluded
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let isIncluded = self.isIncluded
      upstream.subscribe(
        Relay<Output, Failure, S>(downstream: subscriber) { value in
          isIncluded(value) ? subscriber.receive(value) : .max(1)
        })
    }
  }

  /// Republishes only values that differ from the previous one (Combine's
  /// `Publishers.RemoveDuplicates`). The first value always passes.
  public struct RemoveDuplicates<Upstream: Publisher>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    /// Returns true when the second value is a duplicate of the first.
    public let predicate: (Output, Output) -> Bool

    public init(upstream: Upstream, predicate: @escaping (Output, Output) -> Bool) {
      self.upstream = upstream
      self.predicate = predicate
    }

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      let predicate = self.predicate
      let previous = Locked<Unchecked<Output?>>(Unchecked(nil))
      upstream.subscribe(
        Relay<Output, Failure, S>(downstream: subscriber) { value in
          let last = previous.withLock { last in
            defer { last = Unchecked(value) }
            return last
          }
          if let last = last.value, predicate(last, value) { return .max(1) }
          return subscriber.receive(value)
        })
    }
  }
}

/// Forwards the subscription and the completion as they are, and each value through `receiveValue`.
struct Relay<Input, Failure: Error, Downstream: Subscriber>: Subscriber
where Downstream.Failure == Failure {
  let downstream: Downstream
  let receiveValue: (Input) -> Subscribers.Demand

  func receive(subscription: any Subscription) { downstream.receive(subscription: subscription) }
  func receive(_ input: Input) -> Subscribers.Demand { receiveValue(input) }
  func receive(completion: Subscribers.Completion<Failure>) { downstream.receive(completion: completion) }
}

extension Publisher {
  /// Transforms each value.
  ///
  /// ```swift
  /// $people.map(\.count)
  /// ```
  public func map<T>(_ transform: @escaping (Output) -> T) -> Publishers.Map<Self, T> {
    Publishers.Map(upstream: self, transform: transform)
  }

  /// Transforms each value and drops nil results.
  ///
  /// ```swift
  /// $text.compactMap(Int.init)
  /// ```
  public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> Publishers.CompactMap<Self, T> {
    Publishers.CompactMap(upstream: self, transform: transform)
  }

  /// Republishes only values for which `isIncluded` returns true.
  ///
  /// ```swift
  /// $query.filter { $0.count >= 2 }
  /// ```
  public func filter(_ isIncluded: @escaping (Output) -> Bool) -> Publishers.Filter<Self> {
    Publishers.Filter(upstream: self, isIncluded: isIncluded)
  }

  /// Drops values that `predicate` calls duplicates of the previous value.
  ///
  /// ```swift
  /// $user.removeDuplicates { $0.id == $1.id }
  /// ```
  public func removeDuplicates(by predicate: @escaping (Output, Output) -> Bool) -> Publishers.RemoveDuplicates<Self> {
    Publishers.RemoveDuplicates(upstream: self, predicate: predicate)
  }
}

extension Publisher where Output: Equatable {
  /// Drops values equal to the previous value.
  ///
  /// ```swift
  /// $query.removeDuplicates()
  /// ```
  public func removeDuplicates() -> Publishers.RemoveDuplicates<Self> { removeDuplicates(by: ==) }
}
