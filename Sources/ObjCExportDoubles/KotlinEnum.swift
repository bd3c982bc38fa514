/// The base of a Kotlin `enum class` as Objective-C export shows it: a class whose entries are class
/// properties (`Color.red`), with `name`, `ordinal`, `entries` and Kotlin's ordering.
///
/// ```swift
/// // enum class Filter { ALL, ACTIVE, DONE }
/// public final class Filter: KotlinEnum<Filter>, @unchecked Sendable {
///   public static let all = Filter(name: "ALL", ordinal: 0)
///   public static let active = Filter(name: "ACTIVE", ordinal: 1)
///   public static let done = Filter(name: "DONE", ordinal: 2)
///   public static var entries: [Filter] { [all, active, done] }
/// }
/// // App code: switch filter { case .all: … case .active: … default: … }
/// ```
///
/// Entries are singletons: equality is identity, as in Kotlin. A `switch` needs a `default`, as on iOS
/// (the compiler cannot know the entries of a class).
open class KotlinEnum<E: AnyObject>: Hashable, Comparable, @unchecked Sendable, CustomStringConvertible {
  // @unchecked Sendable: immutable.
  /// The entry's name in Kotlin (`ALL`).
  public let name: String
  /// Its position in the declaration, from 0.
  public let ordinal: Int32

  public init(name: String, ordinal: Int32) {
    self.name = name
    self.ordinal = ordinal
  }

  /// Kotlin's `compareTo`: by ordinal.
  public func compareTo(other: E) -> Int32 {
    guard let other = other as? KotlinEnum<E> else { return 0 }
    return ordinal < other.ordinal ? -1 : ordinal == other.ordinal ? 0 : 1
  }

  /// Kotlin's `toString()`: the name.
  public var description: String { name }

  public static func == (lhs: KotlinEnum<E>, rhs: KotlinEnum<E>) -> Bool { lhs === rhs }
  public static func < (lhs: KotlinEnum<E>, rhs: KotlinEnum<E>) -> Bool { lhs.ordinal < rhs.ordinal }
  public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
