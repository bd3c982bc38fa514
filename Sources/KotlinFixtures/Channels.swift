import CInterop
import KotlinBridge

// Package `channels`: the declarations of Swift export's execution tests for channels (JetBrains/kotlin,
// native/swift/swift-export-standalone-integration-tests/coroutines/testData/execution/channels), under
// their names. Each function makes a rendezvous `Channel` and launches a Kotlin coroutine (on
// Dispatchers.Default) that sends the elements, then closes the channel.

extension ExportedKotlinPackages {
  /// Kotlin package `channels`.
  public enum channels {
    /// `fun testRegular(): ReceiveChannel<Elem>`: Element1, Element2, Element3, then `close()`.
    ///
    /// ```swift
    /// for try await element in ExportedKotlinPackages.channels.testRegular() { print(element) }
    /// ```
    public static func testRegular() -> any KotlinTypedReceiveChannel<Elem> {
      receiveChannel(shared_channels_testRegular, "testRegular()", .elem)
    }

    /// `fun testNullable(): ReceiveChannel<Elem?>`: Element1, null, Element2, null, Element3, then `close()`.
    public static func testNullable() -> any KotlinTypedReceiveChannel<Elem?> {
      receiveChannel(shared_channels_testNullable, "testNullable()", .optional(.elem))
    }

    /// `fun testEmpty(): ReceiveChannel<Elem>`: `close()` at once.
    public static func testEmpty() -> any KotlinTypedReceiveChannel<Elem> {
      receiveChannel(shared_channels_testEmpty, "testEmpty()", .elem)
    }

    /// `fun testString(): ReceiveChannel<String>`: "hello", "any", "world", then `close()`.
    public static func testString() -> any KotlinTypedReceiveChannel<String> {
      receiveChannel(shared_channels_testString, "testString()", .string)
    }

    /// `fun testPrimitive(): ReceiveChannel<UInt>`: 1u, 2u, 3u, then `close()`.
    public static func testPrimitive() -> any KotlinTypedReceiveChannel<UInt32> {
      receiveChannel(shared_channels_testPrimitive, "testPrimitive()", .uint)
    }

    /// `fun testFailing(): ReceiveChannel<Elem>`: Element1, Element2, then
    /// `close(IllegalStateException("Channel has Failed"))`.
    public static func testFailing() -> any KotlinTypedReceiveChannel<Elem> {
      receiveChannel(shared_channels_testFailing, "testFailing()", .elem)
    }
  }
}

/// A channel a fixture function returned, typed with its declared element codec.
private func receiveChannel<Element>(
  _ make: () -> shared_kref_kotlinx_coroutines_channels_ReceiveChannel, _ name: String,
  _ codec: KotlinValueCodec<Element>
) -> any KotlinTypedReceiveChannel<Element> {
  _ = symbols  // registers the module's object wrappers before the first element arrives
  return _KotlinTypedReceiveChannelImpl(ref: constructed(KotlinABI.inCurrentScope(make).pinned, name), codec: codec)
}
