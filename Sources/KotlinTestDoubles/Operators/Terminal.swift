import KotlinBridge

extension KotlinTypedFlow where Element: Sendable {
  /// Kotlin's `collect { }`: collects the flow, running `action` on each value.
  public func collect(_ action: @escaping @Sendable (Element) async throws -> Void) async throws {
    for try await element in asAsyncSequence() { try await action(element) }
  }

  /// Kotlin's `first()`: the first value; the collection is then cancelled.
  ///
  /// - Throws: Kotlin's `NoSuchElementException` ("Expected at least one element") for an empty flow.
  public func first() async throws -> Element {
    for try await element in asAsyncSequence() { return element }
    throw ExportedKotlinPackages.kotlin.Throwable.make(
      kotlinClassName: "kotlin.NoSuchElementException", message: "Expected at least one element")
  }

  /// Kotlin's `first { predicate }`.
  public func first(where predicate: @escaping @Sendable (Element) async throws -> Bool) async throws -> Element {
    for try await element in asAsyncSequence() where try await predicate(element) { return element }
    throw ExportedKotlinPackages.kotlin.Throwable.make(
      kotlinClassName: "kotlin.NoSuchElementException", message: "Expected at least one element matching the predicate")
  }

  /// Kotlin's `firstOrNull()`.
  public func firstOrNull() async throws -> Element? {
    for try await element in asAsyncSequence() { return element }
    return nil
  }

  /// Kotlin's `toList()`: every value, once the flow has completed.
  public func toList() async throws -> [Element] {
    var elements: [Element] = []
    for try await element in asAsyncSequence() { elements.append(element) }
    return elements
  }

  /// Kotlin's `launchIn(scope)`: collects the flow in a new coroutine of `scope`.
  @discardableResult
  public func launchIn(_ scope: CoroutineScope) -> Job {
    scope.launch { for try await _ in self.asAsyncSequence() {} }
  }
}
