/// Why a `HeadlessHost` operation failed.
public struct HeadlessHostError: Error, Hashable, Sendable, CustomStringConvertible {
  public struct Code: Hashable, Sendable {
    fileprivate let name: String
    /// `tap(_:)` found no button with that title.
    public static let buttonNotFound = Code(name: "buttonNotFound")
    /// `tap(_:)` found several buttons with that title.
    public static let ambiguousButton = Code(name: "ambiguousButton")
    /// `settle()` timed out while work was still going on.
    public static let notSettled = Code(name: "notSettled")
    /// A field, toggle, picker, option, presentation, stack or refreshable view was not found.
    public static let notFound = Code(name: "notFound")
    /// Several fields, toggles or pickers have that title.
    public static let ambiguous = Code(name: "ambiguous")
    /// The control is disabled (`.disabled(true)`).
    public static let disabled = Code(name: "disabled")
    /// A virtual-time helper was called on a host whose scope has a real clock (or a bad duration).
    public static let notVirtual = Code(name: "notVirtual")
    /// The host was unmounted.
    public static let unmounted = Code(name: "unmounted")
  }

  public let code: Code
  /// Names the problem and what is on screen or still busy.
  public let message: String

  public var description: String { message }
}
