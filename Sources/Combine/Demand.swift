extension Subscribers {
  /// How many values a subscriber asks for: a number, or `.unlimited` (Combine's `Subscribers.Demand`).
  ///
  /// Adding to `.unlimited` stays `.unlimited`; subtracting from a number never goes below zero.
  ///
  /// ```swift
  /// var demand = Subscribers.Demand.max(1)
  /// demand += .max(2)          // .max(3)
  /// demand -= 1                // .max(2)
  /// ```
  public struct Demand: Equatable, Hashable, Comparable, Sendable, CustomStringConvertible {
    /// nil means unlimited.
    let count: Int?

    /// Every value the publisher produces.
    public static let unlimited = Demand(count: nil)
    /// No more values.
    public static let none = Demand(count: 0)

    /// At most `value` values (`value` must not be negative).
    public static func max(_ value: Int) -> Demand {
      precondition(value >= 0, "Subscribers.Demand.max(\(value)): a demand cannot be negative")
      return Demand(count: value)
    }

    /// The number of values, or nil when unlimited.
    public var max: Int? { count }

    public var description: String { count.map { "max(\($0))" } ?? "unlimited" }

    public static func + (lhs: Demand, rhs: Demand) -> Demand {
      guard let left = lhs.count, let right = rhs.count else { return .unlimited }
      let (sum, overflow) = left.addingReportingOverflow(right)
      return overflow ? .unlimited : Demand(count: sum)
    }

    public static func + (lhs: Demand, rhs: Int) -> Demand { lhs + .max(Swift.max(0, rhs)) }

    public static func - (lhs: Demand, rhs: Demand) -> Demand {
      guard let left = lhs.count else { return .unlimited }
      guard let right = rhs.count else { return .none }
      return Demand(count: Swift.max(0, left - right))
    }

    public static func - (lhs: Demand, rhs: Int) -> Demand { lhs - .max(Swift.max(0, rhs)) }

    public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }
    public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }
    public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }
    public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

    public static func < (lhs: Demand, rhs: Demand) -> Bool {
      switch (lhs.count, rhs.count) {
      case (nil, _): false
      case (_, nil): true
      case (let left?, let right?): left < right
      }
    }

    public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.count == rhs }
    public static func > (lhs: Demand, rhs: Int) -> Bool { lhs.count.map { $0 > rhs } ?? true }
  }

  /// How a publisher ended: it finished, or it failed with an error (Combine's
  /// `Subscribers.Completion`).
  ///
  /// ```swift
  /// publisher.sink(receiveCompletion: { if case .failure(let error) = $0 { print(error) } },
  ///                receiveValue: { print($0) })
  /// ```
  public enum Completion<Failure: Error> {
    case finished
    case failure(Failure)
  }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}
