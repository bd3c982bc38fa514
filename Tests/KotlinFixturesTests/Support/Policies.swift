import KotlinFixtures

/// The buffering policies the parameterised tests run with.
enum Policies {
  /// Every policy, including the lossy `.conflated`.
  static let all: [KotlinBufferingPolicy] = [.rendezvous, .bounded(1), .bounded(7), .unbounded, .conflated, .batched]

  /// The policies that deliver every element the producer emits, in order.
  static let lossless: [KotlinBufferingPolicy] = all.filter { $0 != .conflated }
}
