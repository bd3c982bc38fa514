/// `value` with every level of `Optional` removed; `nil` if one of them is `none` (Kotlin `null`).
/// For values typed `Any`, where `as?` cannot see through nested optionals.
package func unwrappingOptionals(_ value: Any) -> Any? {
  let mirror = Mirror(reflecting: value)
  guard mirror.displayStyle == .optional else { return value }
  guard let child = mirror.children.first else { return nil }
  return unwrappingOptionals(child.value)
}
