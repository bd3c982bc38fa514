/// What a primitive view adds beyond a line and children: environment writes, an interactive
/// control, visibility, a line computed from the node (its environment or descendants), and the
/// text it lends to an enclosing label.
@MainActor
struct ContentExtras {
  /// Applied to the environment of every descendant.
  var environment: (@MainActor (inout EnvironmentValues) -> Void)?
  /// Something the host can tap, type into, toggle or pick.
  var control: Control?
  /// False when the subtree is not on screen (a covered navigation entry, an unselected tab); its
  /// state lives on, but it is not drawn and cannot be tapped.
  var isVisible: (@MainActor (ViewNode) -> Bool)?
  /// Drawn instead of `line` when set (disabled buttons, the navigation title, field values).
  var line: (@MainActor (ViewNode) -> String?)?
  /// The children are kept alive but not drawn (a button's label, a picker's options).
  var hidesChildren = false
  /// The text this view contributes to an enclosing label (a Text's content, an Image's name).
  var labelText: LabelText?
  /// A navigation title set on this view's content.
  var navigationTitle: String?
  /// A presented sheet, alert or dialog: what `HeadlessHost.dismiss()` closes.
  var presentation: PresentationHandle?
  /// A navigation stack: what `HeadlessHost.goBack()` pops.
  var navigation: NavigationHandle?
  /// `.refreshable`: what `HeadlessHost.refresh()` runs.
  var refresh: (@MainActor () async -> Void)?
  /// `.navigationDestination(for:)`: builds destination views for values of one type.
  var destination: NavigationDestinationEntry?
  /// `.tag(_:)`: the value a picker option or a tab stands for.
  var tag: AnyHashable?
  /// `.tabItem`: the tab's label in the tab bar.
  var tabTitle: String?
}

/// Text a view lends to its enclosing button, link or tab label.
enum LabelText {
  case text(String)
  case image(String)
}

extension ViewNode {
  /// Whether this node and every ancestor are on screen.
  var isOnScreen: Bool {
    var current: ViewNode? = self
    while let node = current {
      if let isVisible = node.content?.extras.isVisible, !isVisible(node) { return false }
      current = node.parent
    }
    return true
  }

  /// The environment this node sees: every ancestor's writes, outermost first.
  var environment: EnvironmentValues {
    var writers: [@MainActor (inout EnvironmentValues) -> Void] = []
    var current = parent
    while let node = current {
      if let write = node.content?.extras.environment { writers.append(write) }
      current = node.parent
    }
    var values = host.baseEnvironment
    for write in writers.reversed() { write(&values) }
    return values
  }

  /// The label text of this subtree: its texts joined by spaces, else its image names. A control
  /// inside it (a toggle in a button's label) is drawn on its own line, so its text is its own, not
  /// this label's.
  var labelText: String {
    var texts: [String] = []
    var images: [String] = []
    func collect(_ node: ViewNode) {
      if node !== self, node.isDrawnControl { return }
      switch node.content?.extras.labelText {
      case .text(let text)?: texts.append(text)
      case .image(let name)?: images.append(name)
      case nil: break
      }
      for child in node.children { collect(child) }
    }
    collect(self)
    return (texts.isEmpty ? images : texts).joined(separator: " ")
  }

  /// A control that draws a line of its own: a button, link, field, toggle, picker, … — not a tap
  /// gesture (transparent: the text in it is what a test taps) nor a tab (drawn by its TabView).
  var isDrawnControl: Bool {
    guard let kind = content?.extras.control?.kind else { return false }
    return kind != .tapGesture && kind != .tab
  }

  /// The controls inside this node's hidden children — a toggle in a button's label — outermost
  /// first, in order, those on screen only. A label is folded into its control's title, but a
  /// control in it is still something a user sees and uses (on iOS a toggle in a button's label
  /// flips on its own), so it is drawn under the outer control and can be driven.
  var controlsInLabel: [ViewNode] {
    var result: [ViewNode] = []
    func collect(_ node: ViewNode) {
      if let isVisible = node.content?.extras.isVisible, !isVisible(node) { return }
      if node.isDrawnControl {
        result.append(node)
      } else {
        for child in node.children { collect(child) }
      }
    }
    for child in children { collect(child) }
    return result
  }

  /// Pre-order walk of the subtree (this node first).
  func forEachDescendant(_ body: (ViewNode) -> Void) {
    body(self)
    for child in children { child.forEachDescendant(body) }
  }
}

/// Gives a library view its node while its body is read (installed like `@State`).
@MainActor
struct NodeReader: DynamicPropertySlot {
  final class Reference {
    weak var node: ViewNode?
  }

  let reference = Reference()

  var node: ViewNode? { reference.node }

  func install(in node: ViewNode, label: String) { reference.node = node }
}

/// Storage that lives with the view's identity and does not re-render when written (the previous
/// value of `onChange`, a subscription of `onReceive`).
@MainActor
struct Persistent<Value>: DynamicPropertySlot {
  final class Box {
    var value: Value
    init(_ value: Value) { self.value = value }
  }

  private let initial: Box
  private let installed = InstalledBox()

  final class InstalledBox {
    var box: AnyObject?
  }

  init(_ value: Value) { initial = Box(value) }

  var box: Box { (installed.box as? Box) ?? initial }

  func install(in node: ViewNode, label: String) {
    if let existing = node.slots[label] as? Box {
      installed.box = existing
    } else {
      node.slots[label] = initial
      installed.box = initial
    }
  }
}
