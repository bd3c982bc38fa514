/// A Swift wrapper that stands for one Kotlin object (a flow, a class instance): bindings use it to
/// pass the object back into Kotlin, e.g. `collectInKotlin(flow:count:)`.
package protocol KotlinRefBacked {
  var kotlinRef: KotlinRef { get }
}

extension KotlinBase: KotlinRefBacked {
  package var kotlinRef: KotlinRef { ref }
}
