/// Property wrappers whose storage lives with the view's identity (in its node), not in the view
/// value, which is recreated on every render. The renderer finds them by reflection and installs
/// them before reading `body`.
@MainActor
protocol DynamicPropertySlot {
  /// Connects this (possibly freshly initialised) wrapper to the node's persistent storage for the
  /// property named `label`, adopting it as that storage the first time.
  func install(in node: ViewNode, label: String)
}
