/// Kotlin's `Unit` as a value, for `Flow<Unit?>`: `nil` is Kotlin `null`, `.shared` is `Unit`.
///
/// ```swift
/// for try await unit in units().asAsyncSequence() { print(unit == nil ? "null" : "Unit") }
/// ```
public struct KotlinUnit: Hashable, Sendable, CustomStringConvertible {
  public static let shared = KotlinUnit()
  public init() {}
  public var description: String { "kotlin.Unit" }
}
