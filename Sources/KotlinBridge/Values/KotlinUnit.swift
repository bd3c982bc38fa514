/// Kotlin's `Unit` object, a class as on iOS (Objective-C export's `KotlinUnit`): `.shared` (or
/// `KotlinUnit()`) is `Unit`, and in a `Flow<Unit?>` `nil` is Kotlin `null`. Every instance is equal
/// to every other, as there is one `Unit`.
///
/// ```swift
/// for try await unit in units().asAsyncSequence() { print(unit == nil ? "null" : "Unit") }
/// ```
public final class KotlinUnit: Hashable, Sendable, CustomStringConvertible {
  public static let shared = KotlinUnit()
  public init() {}
  public var description: String { "kotlin.Unit" }
  public static func == (lhs: KotlinUnit, rhs: KotlinUnit) -> Bool { true }
  public func hash(into hasher: inout Hasher) { hasher.combine(0) }
}
