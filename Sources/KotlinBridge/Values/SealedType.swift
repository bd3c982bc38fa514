/// What Swift export's `sealedType()` of a Kotlin sealed class returns: an enum with one case per
/// direct subclass (each carrying a struct that holds the value), so that a `switch` over a sealed
/// hierarchy is exhaustive.
///
/// ```swift
/// switch state.sealedType() {
/// case .loading: "loading"
/// case let .success(type): "success: \(type.value.data)"
/// case let .failure(type): "failure: \(type.value.reason)"
/// }
/// ```
public protocol SealedType {}
