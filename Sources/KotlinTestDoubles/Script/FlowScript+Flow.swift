import Foundation
import KotlinBridge

extension FlowScript {
  /// The script as a cold flow of its items' values, run by the Kotlin runtime (see ``flow(_:)``).
  ///
  /// ```swift
  /// let script = try FlowScript([.item(1), .delay(60_000), .item(2)])
  /// try await KotlinTestRuntime.withScope(clock: .virtualAutoAdvance) { scope in
  ///   for try await value in script.flow().asAsyncSequence() { print(value, scope.currentTimeMillis) }
  /// }  // 1 0, then 2 60000
  /// ```
  public func flow() -> ColdFlow<ScriptValue> {
    flow { value, _ in value }
  }

  /// The script as a cold flow of `Element`s: each item's value (and its ``Step/item(_:text:)`` text)
  /// goes through `transform` in the flow's body, just before it is emitted.
  ///
  /// An error `transform` throws fails the flow there, as a Kotlin exception (see ``flow(_:)``), after
  /// the items before it.
  ///
  /// ```swift
  /// let names: ColdFlow<String> = script.flow { value, _ in value.json }
  /// ```
  public func flow<Element: Sendable>(
    _ transform: @escaping @Sendable (_ value: ScriptValue, _ text: String?) throws -> Element
  ) -> ColdFlow<Element> {
    let steps = steps
    let end = end
    return KotlinTestDoubles.flow { (collector: FlowCollector<Element>) in
      for step in steps {
        switch step {
        case .item(let value, let text): try await collector.emit(try transform(value, text))
        case .delay(let millis): try await delay(millis)
        }
      }
      switch end {
      case .complete: return
      case .error(let className, let message):
        throw ExportedKotlinPackages.kotlin.Throwable.make(kotlinClassName: className, message: message)
      case .cancelled: throw CancellationError()
      case .awaitCancellation: try await awaitCancellation()
      }
    }
  }

  /// The script as a cold flow of your own `Decodable` type: each item is decoded with `decoder` as if
  /// read from its JSON.
  ///
  /// An item that does not decode fails the flow there with
  /// `kotlinx.serialization.SerializationException` (as a Kotlin module's deserialisation would),
  /// naming the item and the decoding error.
  ///
  /// ```swift
  /// struct Message: Decodable, Equatable, Sendable { let id: Int; let text: String }
  /// let script = try FlowScript(contentsOfFile: "Fixtures/messages.jsonl")
  /// let messages: ColdFlow<Message> = script.flow(decoding: Message.self)
  /// ```
  public func flow<Element: Decodable & Sendable>(
    decoding type: Element.Type, decoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() }
  ) -> ColdFlow<Element> {
    flow { value, _ in
      do {
        return try value.decode(Element.self, decoder: decoder())
      } catch {
        throw ExportedKotlinPackages.kotlin.Throwable.make(
          kotlinClassName: "kotlinx.serialization.SerializationException",
          message: "the item \(value.json) does not decode as \(Element.self): \(error)")
      }
    }
  }
}
