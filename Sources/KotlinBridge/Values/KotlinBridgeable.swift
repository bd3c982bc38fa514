/// A value that can cross into Kotlin where Kotlin's type is erased: `Any`, a generic type argument
/// (`Flow<Unit?>`, a `StateFlow`'s `value` seen through ``KotlinStateFlow``), as in Swift export's
/// `KotlinRuntimeSupport._KotlinBridgeable`.
///
/// Kotlin objects (``KotlinBase``), Kotlin's primitives as their Swift types (`Int32` for `Int`,
/// `Int64` for `Long`, `UInt32` for `UInt`, `Double`, `Bool`), `String`, ``KotlinUnit`` and arrays
/// conform. Swift export's protocol also requires its Kotlin/Native reference-counting entry points
/// (`__externalRCRef()`); here values cross as tagged C values, so the protocol has no requirements.
///
/// ```swift
/// for try await unit in units().asAsyncSequence() {
///   print(unit == nil ? "null" : "\(unit!)")  // kotlin.Unit, null, kotlin.Unit
/// }
/// let any: any _KotlinBridgeable = try await testAny()
/// print(any as? Foo == Foo.shared)  // true
/// ```
public protocol _KotlinBridgeable {}

extension KotlinBase: _KotlinBridgeable {}
extension KotlinUnit: _KotlinBridgeable {}
extension Int8: _KotlinBridgeable {}
extension Int16: _KotlinBridgeable {}
extension Int32: _KotlinBridgeable {}
extension Int64: _KotlinBridgeable {}
extension UInt8: _KotlinBridgeable {}
extension UInt16: _KotlinBridgeable {}
extension UInt32: _KotlinBridgeable {}
extension UInt64: _KotlinBridgeable {}
extension Bool: _KotlinBridgeable {}
extension Float: _KotlinBridgeable {}
extension Double: _KotlinBridgeable {}
extension String: _KotlinBridgeable {}
extension Array: _KotlinBridgeable {}
extension Set: _KotlinBridgeable {}
extension Dictionary: _KotlinBridgeable {}
