/// An interactive element as the host sees it.
@MainActor
struct Control {
  enum Kind: String {
    case button, link, tapGesture = "tap gesture", tab
    case textField = "text field", secureField = "secure field", searchField = "search field"
    case toggle, picker
  }

  let kind: Kind
  /// What the host finds it by; nil: the texts of the view's label (its subtree).
  var title: String?
  /// Tapping (buttons, links, tap gestures, tabs). Gets the control's node, for its environment.
  var tap: (@MainActor (ViewNode) -> Void)?
  /// Text fields and the search field.
  var text: Binding<String>?
  /// Toggles.
  var isOn: Binding<Bool>?
  /// Pickers: the options under the node, and choosing one.
  var options: (@MainActor (ViewNode) -> [PickerOption])?

  var isTappable: Bool { tap != nil }
}

/// One choice of a picker.
@MainActor
struct PickerOption {
  let label: String
  let select: @MainActor () -> Void
}

/// A control found on screen, with its node.
@MainActor
struct FoundControl {
  let node: ViewNode
  let control: Control

  var title: String { control.title ?? node.labelText }
  var isEnabled: Bool { node.environment.isEnabled }
}

extension HostCore {
  /// The controls a user could reach: on screen, and inside the topmost presentation when a sheet,
  /// alert or dialog is up. Tabs stay reachable while their content is not shown.
  func controls() -> [FoundControl] {
    guard let root else { return [] }
    var scope = root
    var presentations: [ViewNode] = []
    root.forEachDescendant { node in
      if node.content?.extras.presentation != nil, node.isOnScreen { presentations.append(node) }
    }
    if let top = presentations.last { scope = top }
    var result: [FoundControl] = []
    func collect(_ node: ViewNode) {
      let extras = node.content?.extras
      if let control = extras?.control, control.kind == .tab {
        result.append(FoundControl(node: node, control: control))
      }
      if let isVisible = extras?.isVisible, !isVisible(node) { return }
      if let control = extras?.control, control.kind != .tab {
        result.append(FoundControl(node: node, control: control))
      }
      if extras?.hidesChildren == true {
        // A label's views are folded into its control's title; controls inside it stay reachable.
        for nested in node.controlsInLabel { collect(nested) }
        return
      }
      for child in node.children { collect(child) }
    }
    collect(scope)
    return result
  }

  /// Presentations on screen, outermost first.
  func presentedNodes() -> [ViewNode] {
    var result: [ViewNode] = []
    root?.forEachDescendant { node in
      if node.content?.extras.presentation != nil, node.isOnScreen { result.append(node) }
    }
    return result
  }

  /// Runs the actions queued by the render pass that just ended.
  func runAfterCommit() {
    while !afterCommit.isEmpty {
      let actions = afterCommit
      afterCommit = []
      for action in actions { runUserAction(action) }
    }
  }
}
