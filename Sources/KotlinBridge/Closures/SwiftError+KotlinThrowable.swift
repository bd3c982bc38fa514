import CInterop

// How a Swift error becomes a Kotlin exception when Kotlin awaits a Swift closure that threw. Kept in
// this one file: the shape of Kotlin exceptions in Swift (`KotlinException` today) decides it.

extension KotlinException {
  /// The Kotlin exception a Swift error becomes when it crosses into Kotlin: a `KotlinException` as it
  /// is (its class and message), any other error as an exception whose class name is the error's Swift
  /// type (a subclass of `kotlin.Exception`) and whose message describes it.
  package init(crossing error: any Error) {
    if let exception = error as? KotlinException {
      self = exception
    } else {
      self.init(className: String(reflecting: type(of: error)), message: String(describing: error))
    }
  }

  /// A new Kotlin throwable of this class and message, owned by the caller (the runtime takes it over
  /// when it is handed in as a failure).
  package func newThrowable() -> shared_kref_kotlin_Throwable {
    var status = shared_Status_ok
    return className.withCString { name in
      guard let message else { return shared_Doubles_throwable(name, nil, &status) }
      return message.withCString { shared_Doubles_throwable(name, $0, &status) }
    }
  }
}
