import CInterop

// How a Swift error becomes a Kotlin exception when it crosses into Kotlin: thrown by a test double's
// body, or by a Swift closure Kotlin awaits. One place for both.

extension ExportedKotlinPackages.kotlin.Throwable {
  /// The Kotlin exception a Swift error becomes: a Kotlin `Throwable` as it is (its class and
  /// message), any other error as an exception whose class name is the error's Swift type and whose
  /// message describes it.
  package static func crossing(_ error: any Error) -> ExportedKotlinPackages.kotlin.Throwable {
    if let exception = error as? ExportedKotlinPackages.kotlin.Throwable { return exception }
    return make(kotlinClassName: stableTypeName(of: type(of: error)), message: String(describing: error))
  }

  /// A new Kotlin throwable of this exception's class name and message, owned by the caller (the
  /// runtime takes it over when it is handed in as a failure). Whoever receives it gets an instance of
  /// the Swift class registered for that name: this exception's own class, registered here if its
  /// name was unknown, so a fake module's exception comes back as itself.
  package func newThrowable() -> shared_kref_kotlin_Throwable {
    Self.registerThrownClass(of: self)
    var status = shared_Status_ok
    let message = self.message
    return KotlinABI.inCurrentScope {
      className.withCString { name in
        guard let message else { return shared_Doubles_throwable(name, nil, &status) }
        return message.withCString { shared_Doubles_throwable(name, $0, &status) }
      }
    }
  }
}
