import Locking

/// Cancels a subscription when cancelled or deallocated (Combine's `AnyCancellable`).
public final class AnyCancellable: Hashable, Sendable {
  private let action: Locked<(@Sendable () -> Void)?>

  public init(_ cancel: @escaping @Sendable () -> Void) {
    action = Locked(cancel)
  }

  public func cancel() {
    let cancel = action.withLock { action in
      defer { action = nil }
      return action
    }
    cancel?()
  }

  deinit { cancel() }

  public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

  public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
