import KotlinBridge

/// A Kotlin `data class` faked as a Swift class, in one line: Kotlin's `equals`, `hashCode` and
/// `toString` come from its stored properties, as the Kotlin compiler derives them from the primary
/// constructor's properties.
///
/// ```swift
/// // data class Article(val id: Long, val title: String, val tags: List<String>)
/// public final class Article: KotlinDataClass, @unchecked Sendable {
///   public let id: Int64
///   public let title: String
///   public let tags: [String]
///   public init(id: Int64, title: String, tags: [String]) { (self.id, self.title, self.tags) = (id, title, tags) }
/// }
/// // Article(id: 1, title: "KMP", tags: []) == Article(id: 1, title: "KMP", tags: [])  → true
/// // "\(Article(id: 1, title: "KMP", tags: ["swift"]))"  → "Article(id=1, title=KMP, tags=[swift])"
/// ```
///
/// A `MutableStateFlow<Article>` then conflates equal articles as Kotlin's does. The `@unchecked
/// Sendable` stays on the class's own line (a protocol cannot grant it): keep the properties `let`,
/// as a data class's `val`s.
///
/// A sealed class hierarchy takes it once, on its base class: every subclass then compares by its
/// own class and properties (a `data object`, with none, equals every instance of its class).
///
/// Equality is Kotlin's: the same class, and each property equal (`Double` and `Float` as Kotlin's
/// `compare`: NaN equals NaN, `0.0` differs from `-0.0`; values that are neither `Equatable` nor
/// numbers, such as class instances, by identity). Properties of a superclass do not take part, as in
/// Kotlin (only the primary constructor's do). `copy(…)` has no generic Swift form: write the
/// initialiser call.
public protocol KotlinDataClass: AnyObject, Hashable, CustomStringConvertible {}

extension KotlinDataClass {
  public static func == (lhs: Self, rhs: Self) -> Bool {
    guard type(of: lhs) == type(of: rhs) else { return false }
    let left = DataClassFields.of(lhs)
    let right = DataClassFields.of(rhs)
    return left.count == right.count && zip(left, right).allSatisfy { DataClassFields.equal($0.value, $1.value) }
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(type(of: self)))
    for field in DataClassFields.of(self) { DataClassFields.hash(field.value, into: &hasher) }
  }

  /// Kotlin's `toString()` of a data class: `Name(property=value, …)`; of a `data object`: `Name`.
  public var description: String {
    let fields = DataClassFields.of(self).map { "\($0.label)=\(DataClassFields.kotlinString($0.value))" }
    return fields.isEmpty ? "\(type(of: self))" : "\(type(of: self))(\(fields.joined(separator: ", ")))"
  }
}

/// The stored properties of a data class and Kotlin's rules for them.
enum DataClassFields {
  static func of(_ value: Any) -> [(label: String, value: Any)] {
    Mirror(reflecting: value).children.compactMap { child in
      guard let label = child.label, !label.hasPrefix("$") else { return nil }  // lazy storage and wrappers
      return (label, child.value)
    }
  }

  /// Kotlin's `==` for two property values.
  static func equal(_ lhs: Any, _ rhs: Any) -> Bool {
    switch (unwrappingOptionals(lhs), unwrappingOptionals(rhs)) {
    case (nil, nil): return true
    case (nil, _), (_, nil): return false
    case (let l as Double, let r as Double): return l.bitPattern == r.bitPattern || (l.isNaN && r.isNaN)
    case (let l as Float, let r as Float): return l.bitPattern == r.bitPattern || (l.isNaN && r.isNaN)
    case (let l?, let r?):
      if let equatable = l as? any Equatable { return equals(equatable, r) }
      if type(of: l) is AnyObject.Type, type(of: r) is AnyObject.Type {
        return ObjectIdentifier(l as AnyObject) == ObjectIdentifier(r as AnyObject)
      }
      return false
    }
  }

  static func hash(_ value: Any, into hasher: inout Hasher) {
    switch unwrappingOptionals(value) {
    case nil: hasher.combine(0)
    case let double as Double: hasher.combine(double.isNaN ? Double.nan.bitPattern : double.bitPattern)
    case let float as Float: hasher.combine(float.isNaN ? Float.nan.bitPattern : float.bitPattern)
    case let hashable as any Hashable: hasher.combine(AnyHashable(hashable))
    case let other?:
      if type(of: other) is AnyObject.Type { hasher.combine(ObjectIdentifier(other as AnyObject)) }
    }
  }

  /// Kotlin's `toString()` of a property value: `null`, strings without quotes, lists as `[a, b]`.
  static func kotlinString(_ value: Any) -> String {
    guard let value = unwrappingOptionals(value) else { return "null" }
    if let array = value as? [Any] { return "[\(array.map(kotlinString).joined(separator: ", "))]" }
    return "\(value)"
  }

  private static func equals<E: Equatable>(_ lhs: E, _ rhs: Any) -> Bool {
    guard let rhs = rhs as? E else { return false }
    return lhs == rhs
  }
}
