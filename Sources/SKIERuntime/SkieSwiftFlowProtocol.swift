import KotlinBridge

/// What every SKIE flow class has in common: an `AsyncSequence` over a Kotlin flow whose iteration
/// does not throw (SKIE's `SkieSwiftFlowProtocol`).
///
/// `Observing` and `collect(flow:…)` accept any of them.
///
/// ```swift
/// func firstValue<F: SkieSwiftFlowProtocol>(of flow: F) async -> F.Element? {
///   for await value in flow { return value }
///   return nil
/// }
/// ```
public protocol SkieSwiftFlowProtocol<Element>: AsyncSequence, Sendable
where AsyncIterator == SkieSwiftFlowIterator<Element>, Failure == Never {
  /// The Kotlin flow this class bridges (SKIE's `delegate`).
  var delegate: any KotlinTypedFlow<Element> { get }
}

extension SkieSwiftFlowProtocol {
  /// The identity of the Kotlin flow object behind this wrapper (SKIE's `ObjectIdentifier(delegate)`).
  var kotlinObjectID: ObjectIdentifier { ObjectIdentifier(delegate.asAsyncSequence().flow) }
}
