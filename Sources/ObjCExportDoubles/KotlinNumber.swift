/// Kotlin's boxed numbers as Objective-C export shows them (`KotlinInt`, `KotlinLong`, …): what a
/// nullable number or a number inside a generic type (`Int?`, `List<Int>`, `StateFlow<Int>`) becomes
/// on iOS. There they subclass `NSNumber`; here they are plain classes with the initialisers and
/// accessors Swift code uses (`KotlinInt(int: 3)`, `KotlinInt(value: 3)`, `.int32Value`, `.intValue`,
/// `.boolValue`, …). Two boxes are equal when their values are (NSNumber's `isEqual`).
///
/// ```swift
/// let count: KotlinInt? = viewModel.unreadCount   // Kotlin: val unreadCount: Int?
/// Text("\(count?.intValue ?? 0) unread")
/// ```
open class KotlinNumber: Hashable, @unchecked Sendable, CustomStringConvertible {
  // @unchecked Sendable: immutable.
  let number: Double
  let integer: Int64
  let isFloatingPoint: Bool

  init(integer: Int64) {
    self.integer = integer
    self.number = Double(integer)
    self.isFloatingPoint = false
  }

  init(floatingPoint: Double) {
    self.number = floatingPoint
    // NSNumber's integer view of a floating-point value: truncated toward zero, saturated.
    self.integer =
      floatingPoint.isNaN
      ? 0 : Int64(exactly: floatingPoint.rounded(.towardZero)) ?? (floatingPoint < 0 ? .min : .max)
    self.isFloatingPoint = true
  }

  public var boolValue: Bool { isFloatingPoint ? number != 0 : integer != 0 }
  public var int8Value: Int8 { Int8(truncatingIfNeeded: integer) }
  public var int16Value: Int16 { Int16(truncatingIfNeeded: integer) }
  public var int32Value: Int32 { Int32(truncatingIfNeeded: integer) }
  public var int64Value: Int64 { integer }
  public var intValue: Int { Int(integer) }
  public var uint8Value: UInt8 { UInt8(truncatingIfNeeded: integer) }
  public var uint16Value: UInt16 { UInt16(truncatingIfNeeded: integer) }
  public var uint32Value: UInt32 { UInt32(truncatingIfNeeded: integer) }
  public var uint64Value: UInt64 { UInt64(bitPattern: integer) }
  public var floatValue: Float { Float(number) }
  public var doubleValue: Double { number }
  public var stringValue: String { description }

  public var description: String { isFloatingPoint ? "\(number)" : "\(integer)" }

  public static func == (lhs: KotlinNumber, rhs: KotlinNumber) -> Bool {
    lhs.isFloatingPoint || rhs.isFloatingPoint ? lhs.number == rhs.number : lhs.integer == rhs.integer
  }

  public func hash(into hasher: inout Hasher) {
    if isFloatingPoint { hasher.combine(number) } else { hasher.combine(Double(integer)) }
  }
}

/// Kotlin's `Byte` boxed.
public final class KotlinByte: KotlinNumber, @unchecked Sendable {
  public init(char value: Int8) { super.init(integer: Int64(value)) }
  public convenience init(value: Int8) { self.init(char: value) }
}

/// Kotlin's `Short` boxed.
public final class KotlinShort: KotlinNumber, @unchecked Sendable {
  public init(short value: Int16) { super.init(integer: Int64(value)) }
  public convenience init(value: Int16) { self.init(short: value) }
}

/// Kotlin's `Int` boxed.
public final class KotlinInt: KotlinNumber, @unchecked Sendable {
  public init(int value: Int32) { super.init(integer: Int64(value)) }
  public convenience init(value: Int32) { self.init(int: value) }
}

/// Kotlin's `Long` boxed.
public final class KotlinLong: KotlinNumber, @unchecked Sendable {
  public init(longLong value: Int64) { super.init(integer: value) }
  public convenience init(value: Int64) { self.init(longLong: value) }
}

/// Kotlin's `UInt` boxed.
public final class KotlinUInt: KotlinNumber, @unchecked Sendable {
  public init(unsignedInt value: UInt32) { super.init(integer: Int64(value)) }
  public convenience init(value: UInt32) { self.init(unsignedInt: value) }
}

/// Kotlin's `ULong` boxed.
public final class KotlinULong: KotlinNumber, @unchecked Sendable {
  public init(unsignedLongLong value: UInt64) { super.init(integer: Int64(bitPattern: value)) }
  public convenience init(value: UInt64) { self.init(unsignedLongLong: value) }
}

/// Kotlin's `Float` boxed.
public final class KotlinFloat: KotlinNumber, @unchecked Sendable {
  public init(float value: Float) { super.init(floatingPoint: Double(value)) }
  public convenience init(value: Float) { self.init(float: value) }
}

/// Kotlin's `Double` boxed.
public final class KotlinDouble: KotlinNumber, @unchecked Sendable {
  public init(double value: Double) { super.init(floatingPoint: value) }
  public convenience init(value: Double) { self.init(double: value) }
}

/// Kotlin's `Boolean` boxed.
public final class KotlinBoolean: KotlinNumber, @unchecked Sendable {
  public init(bool value: Bool) { super.init(integer: value ? 1 : 0) }
  public convenience init(value: Bool) { self.init(bool: value) }
  public override var description: String { boolValue ? "true" : "false" }
}

// NSNumber, which the boxes are on iOS, takes literals: `KotlinInt(integerLiteral: 3)`, `score ?? 0`.
extension KotlinByte: ExpressibleByIntegerLiteral {
  public convenience init(integerLiteral value: Int8) { self.init(char: value) }
}

extension KotlinShort: ExpressibleByIntegerLiteral {
  public convenience init(integerLiteral value: Int16) { self.init(short: value) }
}

extension KotlinInt: ExpressibleByIntegerLiteral {
  public convenience init(integerLiteral value: Int32) { self.init(int: value) }
}

extension KotlinLong: ExpressibleByIntegerLiteral {
  public convenience init(integerLiteral value: Int64) { self.init(longLong: value) }
}

extension KotlinUInt: ExpressibleByIntegerLiteral {
  public convenience init(integerLiteral value: UInt32) { self.init(unsignedInt: value) }
}

extension KotlinULong: ExpressibleByIntegerLiteral {
  public convenience init(integerLiteral value: UInt64) { self.init(unsignedLongLong: value) }
}

extension KotlinDouble: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
  public convenience init(floatLiteral value: Double) { self.init(double: value) }
  public convenience init(integerLiteral value: Int64) { self.init(double: Double(value)) }
}

extension KotlinFloat: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
  public convenience init(floatLiteral value: Float) { self.init(float: value) }
  public convenience init(integerLiteral value: Int64) { self.init(float: Float(value)) }
}

extension KotlinBoolean: ExpressibleByBooleanLiteral {
  public convenience init(booleanLiteral value: Bool) { self.init(bool: value) }
}
