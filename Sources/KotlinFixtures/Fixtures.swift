import CInterop
import KotlinBridge

// The top-level flows of package `fixtures`, as Swift export names them. Each call returns a new
// cold flow object; each iteration of it runs the producer anew.

private func flow<Element>(
  _ make: () -> shared_kref_kotlinx_coroutines_flow_Flow, _ name: String, _ codec: KotlinValueCodec<Element>
) -> any KotlinTypedFlow<Element> {
  _KotlinTypedFlowImpl(ref: constructed(KotlinABI.inCurrentScope(make).pinned, name), codec: codec)
}

private var table: UnsafeMutablePointer<shared_ExportedSymbols> { symbols }

/// Element1, Element2, Element3.
public func elements() -> any KotlinTypedFlow<Elem> {
  flow(table.pointee.kotlin.root.fixtures.elements, "elements()", .elem)
}
/// Element1, null, Element2, null, Element3.
public func nullableElements() -> any KotlinTypedFlow<Elem?> {
  flow(table.pointee.kotlin.root.fixtures.nullableElements, "nullableElements()", .optional(.elem))
}
/// Completes at once.
public func noElements() -> any KotlinTypedFlow<Elem> {
  flow(table.pointee.kotlin.root.fixtures.noElements, "noElements()", .elem)
}
/// "hello", "any", "world".
public func words() -> any KotlinTypedFlow<String> {
  flow(table.pointee.kotlin.root.fixtures.words, "words()", .string)
}
/// "こんにちは", "Grüße", "👋🏽", "".
public func greetings() -> any KotlinTypedFlow<String> {
  flow(table.pointee.kotlin.root.fixtures.greetings, "greetings()", .string)
}
/// [1], [2], [3].
public func lists() -> any KotlinTypedFlow<[Int32]> {
  flow(table.pointee.kotlin.root.fixtures.lists, "lists()", .list(.int))
}
/// 1u, 2u, 3u.
public func unsigned() -> any KotlinTypedFlow<UInt32> {
  flow(table.pointee.kotlin.root.fixtures.unsigned_, "unsigned()", .uint)
}
/// Unit, null, Unit. Swift export maps a `Unit?` element to `(any _KotlinBridgeable)?`: `Unit`
/// arrives as ``KotlinUnit/shared``, `null` as `nil`.
public func units() -> any KotlinTypedFlow<(any _KotlinBridgeable)?> {
  flow(table.pointee.kotlin.root.fixtures.units, "units()", .bridged)
}
/// Element1, Element2, then throws IllegalStateException("Flow has failed").
public func failing() -> any KotlinTypedFlow<Elem> {
  flow(table.pointee.kotlin.root.fixtures.failing, "failing()", .elem)
}
/// Element1, Element2, Element3, then throws IllegalStateException("Flow must be discarded").
public func discarding() -> any KotlinTypedFlow<Elem> {
  flow(table.pointee.kotlin.root.fixtures.discarding, "discarding()", .elem)
}

/// 0 until `count` (nothing when `count` is not positive, as in Kotlin).
public func range(count: Int32) -> any KotlinTypedFlow<Int32> {
  flow({ table.pointee.kotlin.root.fixtures.range(count) }, "range(count:)", .int)
}

/// "item-0" … "item-\(count - 1)", for bulk string workloads (nothing when `count` is not positive).
public func strings(count: Int32) -> any KotlinTypedFlow<String> {
  flow({ table.pointee.kotlin.root.fixtures.strings(count) }, "strings(count:)", .string)
}

/// `delay(periodMillis)` before each of 0 until `count` (a delay that is not positive returns at once,
/// as in Kotlin).
public func ticks(periodMillis: Int64, count: Int32) -> any KotlinTypedFlow<Int64> {
  flow({ table.pointee.kotlin.root.fixtures.ticks(periodMillis, count) }, "ticks(periodMillis:count:)", .long)
}

/// `flow.value = value`.
public func setValue(flow: any KotlinTypedMutableStateFlow<Elem>, value: Elem) {
  flow.value = value
}
