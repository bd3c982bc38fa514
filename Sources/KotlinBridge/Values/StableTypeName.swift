/// The Kotlin class name a Swift type stands for when it crosses into Kotlin (a Swift error as an
/// exception, a boxed value, a fake's object): its fully qualified Swift name, the same in every run.
///
/// `String(reflecting:)` names a type declared inside a function with its address,
/// `Tests.Suite.(unknown context at $55bff679b978).Offline`, which differs from run to run and would
/// break every golden that shows it; those segments are dropped: `Tests.Suite.Offline`.
package func stableTypeName(of type: Any.Type) -> String {
  let reflected = String(reflecting: type)
  guard reflected.contains("(unknown context at ") else { return reflected }
  var name = ""
  var rest = Substring(reflected)
  while let start = rest.range(of: "(unknown context at ") {
    name += rest[..<start.lowerBound]
    guard let end = rest[start.upperBound...].firstIndex(of: ")") else { break }
    rest = rest[rest.index(after: end)...]
    if rest.first == "." { rest = rest.dropFirst() }
  }
  return name + rest
}
