import Dispatch
import Foundation
import Locking

/// Where and when work runs (the part of Combine's `Scheduler` that `receive(on:)` uses): the main
/// queue, a dispatch queue, a run loop, an operation queue, or at once.
///
/// Not modelled: scheduler time (`now`, `schedule(after:)`), hence no `debounce`, `throttle` or
/// `delay`.
///
/// ```swift
/// model.$results.receive(on: DispatchQueue.main).sink { print($0) }
/// ```
public protocol Scheduler {
  /// Options for `schedule` (unused here; kept so `receive(on:options:)` compiles).
  associatedtype SchedulerOptions = Never
  /// Runs `action` once, later (or now, for `ImmediateScheduler`).
  func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void)
}

extension Scheduler {
  /// Runs `action` once.
  public func schedule(_ action: @escaping () -> Void) { schedule(options: nil, action) }
}

/// Runs actions at once, on the calling thread (Combine's `ImmediateScheduler`).
///
/// ```swift
/// publisher.receive(on: ImmediateScheduler.shared)
/// ```
public struct ImmediateScheduler: Scheduler, Sendable {
  public typealias SchedulerOptions = Never
  public static let shared = ImmediateScheduler()
  public func schedule(options: Never?, _ action: @escaping () -> Void) { action() }
}

extension DispatchQueue: Scheduler {
  /// Options for scheduling on a dispatch queue (accepted, not used).
  public struct SchedulerOptions: Sendable {
    public init() {}
  }

  public func schedule(options: SchedulerOptions?, _ action: @escaping () -> Void) {
    let work = Unchecked(action)  // Combine does not check scheduled work for Sendable
    async { work.value() }
  }
}

extension RunLoop: Scheduler {
  public typealias SchedulerOptions = Never

  /// `RunLoop.main` runs the action on the main queue (which serves the main actor and runs in every
  /// Swift program, while Linux's main run loop only runs when someone runs it).
  public func schedule(options: Never?, _ action: @escaping () -> Void) {
    let work = Unchecked(action)  // Combine does not check scheduled work for Sendable
    if self === RunLoop.main {
      DispatchQueue.main.async { work.value() }
    } else {
      perform { work.value() }
    }
  }
}

extension OperationQueue: Scheduler {
  public typealias SchedulerOptions = Never

  public func schedule(options: Never?, _ action: @escaping () -> Void) {
    let work = Unchecked(action)  // Combine does not check scheduled work for Sendable
    addOperation { work.value() }
  }
}

extension Publishers {
  /// Delivers values and the completion on a scheduler (Combine's `Publishers.ReceiveOn`), in the
  /// order they came. The subscription itself is not moved.
  public struct ReceiveOn<Upstream: Publisher, Context: Scheduler>: Publisher {
    public typealias Output = Upstream.Output
    public typealias Failure = Upstream.Failure
    public let upstream: Upstream
    public let scheduler: Context
    public let options: Context.SchedulerOptions?

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
      upstream.subscribe(ReceiveOnSubscriber(downstream: subscriber, scheduler: scheduler, options: options))
    }
  }
}

/// Hands each event to the scheduler; extra demand the downstream returns goes upstream afterwards.
final class ReceiveOnSubscriber<Downstream: Subscriber, Context: Scheduler>: Subscriber, @unchecked Sendable {
  // @unchecked Sendable: `subscription` is only touched under its lock; events run on the scheduler.
  typealias Input = Downstream.Input
  typealias Failure = Downstream.Failure

  let downstream: Downstream
  let scheduler: Context
  let options: Context.SchedulerOptions?
  private let subscription = Locked<Unchecked<(any Subscription)?>>(Unchecked(nil))

  init(downstream: Downstream, scheduler: Context, options: Context.SchedulerOptions?) {
    self.downstream = downstream
    self.scheduler = scheduler
    self.options = options
  }

  func receive(subscription: any Subscription) {
    self.subscription.withLock { $0 = Unchecked(subscription) }
    downstream.receive(subscription: subscription)
  }

  func receive(_ input: Input) -> Subscribers.Demand {
    scheduler.schedule(options: options) { [self] in
      let more = downstream.receive(input)
      if more > 0 { subscription.withLock { $0 }.value?.request(more) }
    }
    return .none
  }

  func receive(completion: Subscribers.Completion<Failure>) {
    scheduler.schedule(options: options) { [self] in
      subscription.withLock { $0 = Unchecked(nil) }
      downstream.receive(completion: completion)
    }
  }
}

extension Publisher {
  /// Delivers values and the completion on `scheduler`.
  ///
  /// ```swift
  /// repository.updates.receive(on: DispatchQueue.main).sink { [weak self] in self?.items = $0 }
  /// ```
  public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions? = nil)
    -> Publishers.ReceiveOn<Self, S>
  {
    Publishers.ReceiveOn(upstream: self, scheduler: scheduler, options: options)
  }
}
