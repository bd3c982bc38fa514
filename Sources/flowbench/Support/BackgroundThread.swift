#if canImport(Glibc)
  import Glibc
#endif

/// A plain POSIX thread running one closure: the StateFlow writers and the memory sampler must
/// not share the Swift cooperative pool with the consumers they are measuring.
final class BackgroundThread: Sendable {
  private final class Body: @unchecked Sendable {  // immutable; see below
    // @unchecked Sendable: `run` is immutable and called once, on the new thread.
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
  }

  private let thread: pthread_t

  /// Starts `body` on a new thread at once.
  init(_ body: @escaping @Sendable () -> Void) {
    var thread = pthread_t()
    let context = Unmanaged.passRetained(Body(body)).toOpaque()
    let status = pthread_create(
      &thread, nil,
      { context in
        let body = Unmanaged<Body>.fromOpaque(context!).takeRetainedValue()
        body.run()
        return nil
      }, context)
    precondition(status == 0, "flowbench: cannot start a thread (pthread_create: \(status))")
    self.thread = thread
  }

  /// Waits for the body to return. Call once.
  func join() {
    pthread_join(thread, nil)
  }
}
