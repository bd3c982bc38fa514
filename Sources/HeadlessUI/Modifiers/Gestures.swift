import Foundation

/// A gesture that can be attached to a view with `.gesture`, `.simultaneousGesture` or
/// `.highPriorityGesture` (SwiftUI's `Gesture`).
///
/// Headlessly, only taps are driven: a `TapGesture` with an `.onEnded` action makes the view
/// tappable, and `HeadlessHost.tap(_:)` runs that action, as with `.onTapGesture`. Drags, long
/// presses and magnification compile, and their actions never run (there is no pointer).
///
/// ```swift
/// Text("favourite")
///   .highPriorityGesture(TapGesture().onEnded { isFavourite.toggle() })
/// ```
public protocol Gesture<Value> {
  /// What the gesture reports to `onChanged` / `onEnded`.
  associatedtype Value
}

/// What a headless host can drive: a gesture that is a tap with an action.
protocol HeadlessTappableGesture {
  var tapAction: (@MainActor () -> Void)? { get }
}

/// A tap (or `count` taps); its `Value` is `Void` (SwiftUI's `TapGesture`).
///
/// ```swift
/// Image(systemName: "heart").gesture(TapGesture(count: 2).onEnded { like() })
/// ```
public struct TapGesture: Gesture, Sendable {
  public typealias Value = Void
  /// How many taps are needed (recorded; a headless tap counts as all of them).
  public var count: Int

  public init(count: Int = 1) { self.count = count }
}

/// A press held for `minimumDuration` seconds; its `Value` is whether it is pressing (SwiftUI's
/// `LongPressGesture`). Compiles; never fires headlessly.
///
/// ```swift
/// Row().gesture(LongPressGesture(minimumDuration: 1).onEnded { _ in showMenu = true })
/// ```
public struct LongPressGesture: Gesture, Sendable {
  public typealias Value = Bool
  public var minimumDuration: Double
  public var maximumDistance: CGFloat

  public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
    self.minimumDuration = minimumDuration
    self.maximumDistance = maximumDistance
  }
}

/// A drag (SwiftUI's `DragGesture`). Compiles; never fires headlessly.
///
/// ```swift
/// Card().simultaneousGesture(
///   DragGesture(minimumDistance: 0).onChanged { _ in pressed = true }.onEnded { _ in pressed = false })
/// ```
public struct DragGesture: Gesture, Sendable {
  /// Where a drag is (SwiftUI's `DragGesture.Value`).
  public struct Value: Equatable, Sendable {
    public var time: Date
    public var location: CGPoint
    public var startLocation: CGPoint
    public var translation: CGSize { CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y) }
    public var predictedEndLocation: CGPoint
    public var predictedEndTranslation: CGSize {
      CGSize(width: predictedEndLocation.x - startLocation.x, height: predictedEndLocation.y - startLocation.y)
    }
    public var velocity: CGSize { .zero }
  }

  public var minimumDistance: CGFloat
  public var coordinateSpace: CoordinateSpace

  public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
    self.minimumDistance = minimumDistance
    self.coordinateSpace = coordinateSpace
  }
}

/// A pinch (SwiftUI's `MagnificationGesture`); its `Value` is the scale. Compiles; never fires
/// headlessly.
///
/// ```swift
/// Photo().gesture(MagnificationGesture().onChanged { scale = $0 })
/// ```
public struct MagnificationGesture: Gesture, Sendable {
  public typealias Value = CGFloat
  public var minimumScaleDelta: CGFloat

  public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }
}

/// A gesture with an action for when it ends (what `Gesture.onEnded` returns, as SwiftUI's
/// `_EndedGesture`).
///
/// ```swift
/// let tap: _EndedGesture<TapGesture> = TapGesture().onEnded { count += 1 }
/// ```
public struct _EndedGesture<Content: Gesture>: Gesture, HeadlessTappableGesture {
  public typealias Value = Content.Value
  let content: Content
  let action: (Content.Value) -> Void

  var tapAction: (@MainActor () -> Void)? {
    // Only a tap ends with a value the host can make up: `()`.
    guard Content.self == TapGesture.self, let unit = () as? Content.Value else {
      return (content as? HeadlessTappableGesture)?.tapAction
    }
    let ended = GestureAction(run: { action(unit) })
    let inner = (content as? HeadlessTappableGesture)?.tapAction
    return {
      inner?()
      ended.run()
    }
  }
}

/// A gesture's action, handed to the host's main-actor tap.
private struct GestureAction: @unchecked Sendable {  // @unchecked: made in a body, run on the main actor
  let run: () -> Void
}

/// A gesture with an action for each change (what `Gesture.onChanged` returns, as SwiftUI's
/// `_ChangedGesture`). Changes never happen headlessly; a tap inside still reaches its `onEnded`.
///
/// ```swift
/// let drag: _ChangedGesture<DragGesture> = DragGesture().onChanged { offset = $0.translation }
/// ```
public struct _ChangedGesture<Content: Gesture>: Gesture, HeadlessTappableGesture {
  public typealias Value = Content.Value
  let content: Content
  let action: (Content.Value) -> Void

  var tapAction: (@MainActor () -> Void)? { (content as? HeadlessTappableGesture)?.tapAction }
}

extension Gesture {
  /// Runs `action` when the gesture ends: for a `TapGesture`, when `HeadlessHost.tap(_:)` taps
  /// the view; other gestures never end headlessly.
  ///
  /// ```swift
  /// TapGesture().onEnded { selected = item }
  /// ```
  public func onEnded(_ action: @escaping (Value) -> Void) -> _EndedGesture<Self> {
    _EndedGesture(content: self, action: action)
  }
}

extension Gesture where Value: Equatable {
  /// Runs `action` when the gesture's value changes; never runs headlessly (no pointer moves).
  ///
  /// ```swift
  /// DragGesture().onChanged { offset = $0.translation }
  /// ```
  public func onChanged(_ action: @escaping (Value) -> Void) -> _ChangedGesture<Self> {
    _ChangedGesture(content: self, action: action)
  }
}

/// Which gestures of a view and its subviews stay active (SwiftUI's `GestureMask`); recorded only.
///
/// ```swift
/// Card().gesture(TapGesture().onEnded { open() }, including: .gesture)
/// ```
public struct GestureMask: OptionSet, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let none = GestureMask([])
  public static let gesture = GestureMask(rawValue: 1)
  public static let subviews = GestureMask(rawValue: 2)
  public static let all: GestureMask = [.gesture, .subviews]
}

/// A view with a gesture attached (what `.gesture` returns). Transparent; tappable by the text it
/// contains when the gesture is a tap with an action.
///
/// ```swift
/// let row: GestureView<Text> = Text("Ann").gesture(TapGesture().onEnded { select() })
/// ```
nonisolated public struct GestureView<Content: View>: View, PrimitiveView {
  let content: Content
  let tap: (@MainActor () -> Void)?

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent.wrapping(content)
    if let tap {
      result.extras.control = Control(kind: .tapGesture, tap: { _ in tap() })
    }
    return result
  }
}

extension View {
  /// Attaches a gesture. A `TapGesture().onEnded { }` makes the view tappable by
  /// `HeadlessHost.tap(_:)` (found by the text it contains); other gestures compile and never fire.
  ///
  /// ```swift
  /// Text("Open").gesture(TapGesture().onEnded { isOpen = true })
  /// ```
  nonisolated public func gesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all) -> GestureView<Self> {
    GestureView(content: self, tap: (gesture as? HeadlessTappableGesture)?.tapAction)
  }

  /// Attaches a gesture that takes precedence over the view's other gestures; headlessly the same
  /// as `gesture(_:including:)`.
  ///
  /// ```swift
  /// Image(systemName: "star").highPriorityGesture(TapGesture().onEnded { toggleFavourite() })
  /// ```
  nonisolated public func highPriorityGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all)
    -> GestureView<Self>
  {
    self.gesture(gesture, including: mask)
  }

  /// Attaches a gesture that runs alongside the view's other gestures; headlessly the same as
  /// `gesture(_:including:)`.
  ///
  /// ```swift
  /// Card().simultaneousGesture(DragGesture(minimumDistance: 0).onEnded { _ in pressed = false })
  /// ```
  nonisolated public func simultaneousGesture<G: Gesture>(_ gesture: G, including mask: GestureMask = .all)
    -> GestureView<Self>
  {
    self.gesture(gesture, including: mask)
  }

  /// A long press; compiles, and `action` never runs headlessly (there is no pointer to hold).
  ///
  /// ```swift
  /// Row().onLongPressGesture { showMenu = true }
  /// ```
  nonisolated public func onLongPressGesture(
    minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10, perform action: @escaping () -> Void
  ) -> Self { self }
}
