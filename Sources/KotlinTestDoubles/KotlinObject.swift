import CInterop
import KotlinBridge

/// The base class of a fake Kotlin class: subclass it for your module's view models and services.
///
/// Each instance is a Kotlin object held by a stable reference, counted in `liveStableRefs` of the
/// scope it was created in until the Swift instance goes away. A view model that outlives its view
/// (kept by an unstructured `Task`, a cycle, a cache) therefore fails the leak check.
///
/// ```swift
/// final class LoginViewModel: KotlinObject, @unchecked Sendable {
///   let state = MutableStateFlow<LoginState>(.idle)
/// }
/// ```
open class KotlinObject: KotlinBase, @unchecked Sendable {
  // @unchecked Sendable: KotlinBase's only state is an immutable reference; subclasses state their own.

  /// Creates the Kotlin object; `className` defaults to the Swift class's name.
  public init(className: String? = nil) {
    let name = className ?? stableTypeName(of: Self.self)
    var status = shared_Status_ok
    let pointer = KotlinABI.inCurrentScope { name.withCString { shared_Doubles_object($0, &status) } }
    guard let pointer else {
      preconditionFailure("KotlinObject(\(name)): the Kotlin runtime refused to create it (status \(status.rawValue))")
    }
    super.init(ref: KotlinRef(adopting: pointer))
  }
}
