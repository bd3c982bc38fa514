#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A value protected by a lock, with `Synchronization.Mutex`'s API.
///
/// Why not `Mutex` itself: on Linux its contended path parks threads with futex calls inside the
/// (uninstrumented) standard library, so ThreadSanitizer cannot see the happens-before edge between
/// an unlock and the next lock and reports races that do not exist. This type locks a
/// `pthread_mutex_t`, which ThreadSanitizer intercepts, so `swift test --sanitize=thread` reports
/// only real races.
///
/// ```swift
/// let counter = Locked(0)
/// counter.withLock { $0 += 1 }
/// ```
public final class Locked<Value: ~Copyable>: @unchecked Sendable {
  // @unchecked Sendable: `value` is only touched inside `withLock`, under `mutex`.
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var value: Value

  public init(_ initialValue: consuming sending Value) {
    mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
    value = initialValue
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Runs `body` with exclusive access to the value. Never call user code, resume a continuation
  /// or call into C from `body`: return what to do and do it after the lock is released.
  @inlinable
  public func withLock<Result: ~Copyable, E: Error>(
    _ body: (inout sending Value) throws(E) -> sending Result
  ) throws(E) -> sending Result {
    lock()
    defer { unlock() }
    return try body(&valueStorage)
  }

  @usableFromInline
  var valueStorage: Value {
    _read { yield value }
    _modify { yield &value }
  }

  @usableFromInline
  func lock() { pthread_mutex_lock(mutex) }

  @usableFromInline
  func unlock() { pthread_mutex_unlock(mutex) }
}
