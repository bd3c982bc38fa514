import KotlinBridge

extension HeadlessHost {
  func tapControl(_ label: String) throws {
    guard core.root != nil else {
      throw HeadlessHostError(code: .unmounted, message: "tap(\"\(label)\"): the host was unmounted")
    }
    let tappables = core.controls().filter(\.control.isTappable)
    let matches = tappables.filter { $0.title == label }
    // Only buttons on screen: the wording the host always used ("buttons on screen: …").
    let onlyButtons = tappables.allSatisfy { $0.control.kind == .button }
    let onScreen =
      tappables.isEmpty
      ? "none"
      : tappables.map { onlyButtons ? "\"\($0.title)\"" : "\($0.control.kind.rawValue) \"\($0.title)\"" }
        .joined(separator: ", ")
    let listing = onlyButtons ? "buttons on screen: \(onScreen)" : "on screen: \(onScreen)"
    guard let control = matches.first else {
      throw HeadlessHostError(
        code: .buttonNotFound, message: "tap(\"\(label)\"): no button has that title; \(listing)")
    }
    guard matches.count == 1 else {
      throw HeadlessHostError(
        code: .ambiguousButton,
        message: "tap(\"\(label)\"): \(matches.count) buttons have that title; \(listing)")
    }
    guard control.isEnabled || control.control.kind == .tab else {
      throw HeadlessHostError(
        code: .disabled, message: "tap(\"\(label)\"): the \(control.control.kind.rawValue) is disabled")
    }
    // A task the action starts is followed like a view task (see HostCore.runUserAction).
    core.runUserAction { control.control.tap?(control.node) }
  }

  /// Replaces the text of the text field or secure field titled `label` with `text`, as if the user
  /// had cleared it and typed `text`.
  ///
  /// ```swift
  /// try host.type("ann", into: "Name")
  /// ```
  /// - Throws: ``HeadlessHostError`` when no field or several have that title, or it is disabled.
  public func type(_ text: String, into label: String) throws {
    core.flush()
    let field = try find(label, of: [.textField, .secureField], verb: "type(into:)")
    guard field.isEnabled else {
      throw HeadlessHostError(code: .disabled, message: "type(into: \"\(label)\"): the field is disabled")
    }
    core.runUserAction { field.control.text?.wrappedValue = text }
  }

  /// Flips the toggle titled `label`.
  ///
  /// ```swift
  /// try host.toggle("Wi-Fi")
  /// ```
  /// - Throws: ``HeadlessHostError`` when no toggle or several have that title, or it is disabled.
  public func toggle(_ label: String) throws {
    core.flush()
    let toggle = try find(label, of: [.toggle], verb: "toggle")
    guard toggle.isEnabled else {
      throw HeadlessHostError(code: .disabled, message: "toggle(\"\(label)\"): the toggle is disabled")
    }
    if let isOn = toggle.control.isOn { core.runUserAction { isOn.wrappedValue.toggle() } }
  }

  /// Chooses the option labelled `option` in the picker titled `label`.
  ///
  /// ```swift
  /// try host.pick("Dark", in: "Theme")
  /// ```
  /// - Throws: ``HeadlessHostError`` when the picker or the option is missing (the message lists
  ///   the options).
  public func pick(_ option: String, in label: String) throws {
    core.flush()
    let picker = try find(label, of: [.picker], verb: "pick(in:)")
    let options = picker.control.options?(picker.node) ?? []
    guard let match = options.first(where: { $0.label == option }) else {
      let listed = options.map { "\"\($0.label)\"" }.joined(separator: ", ")
      throw HeadlessHostError(
        code: .notFound,
        message: "pick(\"\(option)\", in: \"\(label)\"): no such option; options: \(listed.isEmpty ? "none" : listed)")
    }
    core.runUserAction { match.select() }
  }

  /// Types `text` into the search field of a `.searchable` view.
  ///
  /// ```swift
  /// try host.search("ann")
  /// ```
  /// - Throws: ``HeadlessHostError`` when no searchable view is on screen.
  public func search(_ text: String) throws {
    core.flush()
    let field = try find(nil, of: [.searchField], verb: "search")
    core.runUserAction { field.control.text?.wrappedValue = text }
  }

  /// Submits the field titled `label` (runs the `.onSubmit` actions around it), or the search field
  /// when `label` is nil.
  ///
  /// ```swift
  /// try host.type("ann", into: "Name")
  /// try host.submit("Name")
  /// ```
  /// - Throws: ``HeadlessHostError`` when the field is missing.
  public func submit(_ label: String? = nil) throws {
    core.flush()
    let field =
      label == nil
      ? try find(nil, of: [.searchField], verb: "submit")
      : try find(label, of: [.textField, .secureField], verb: "submit")
    let trigger: SubmitTriggers = field.control.kind == .searchField ? .search : .text
    core.runUserAction {
      for action in field.node.environment.submitActions where action.triggers.contains(trigger) { action.run() }
    }
  }

  /// Pulls to refresh: runs the `.refreshable` action of the list or scroll view on screen and
  /// returns when it has finished (in the host's Kotlin runtime scope, like view tasks).
  ///
  /// ```swift
  /// try await host.refresh()
  /// ```
  /// - Throws: ``HeadlessHostError`` when nothing refreshable is on screen.
  public func refresh() async throws {
    core.flush()
    var actions: [@MainActor () async -> Void] = []
    let scope = core.presentedNodes().last ?? core.root
    scope?.forEachDescendant { node in
      if let refresh = node.content?.extras.refresh, node.isOnScreen { actions.append(refresh) }
    }
    guard let action = actions.first else {
      throw HeadlessHostError(code: .notFound, message: "refresh(): nothing refreshable is on screen")
    }
    if let scope = core.scope {
      await KotlinRuntimeScope.$current.withValue(scope) { await action() }
    } else {
      await action()
    }
    core.flush()
  }

  /// Dismisses the topmost sheet, full-screen cover, alert or dialog (an alert runs its cancel
  /// button's action, as a tap outside or the escape key would).
  ///
  /// ```swift
  /// try host.dismiss()
  /// ```
  /// - Throws: ``HeadlessHostError`` when nothing is presented.
  public func dismiss() throws {
    core.flush()
    guard let top = core.presentedNodes().last, let handle = top.content?.extras.presentation else {
      throw HeadlessHostError(code: .notFound, message: "dismiss(): nothing is presented")
    }
    core.runUserAction { handle.dismiss() }
  }

  /// Goes back one screen in the innermost navigation stack on screen that has one to go back to.
  ///
  /// ```swift
  /// try host.goBack()
  /// ```
  /// - Throws: ``HeadlessHostError`` when every stack on screen shows its root.
  public func goBack() throws {
    core.flush()
    var stacks: [NavigationHandle] = []
    let scope = core.presentedNodes().last ?? core.root
    scope?.forEachDescendant { node in
      if let handle = node.content?.extras.navigation, node.isOnScreen, handle.depth() > 1 { stacks.append(handle) }
    }
    guard let innermost = stacks.last else {
      throw HeadlessHostError(
        code: .notFound, message: "goBack(): no navigation stack on screen has a screen to go back to")
    }
    core.runUserAction { innermost.pop() }
  }

  private func find(_ label: String?, of kinds: Set<Control.Kind>, verb: String) throws -> FoundControl {
    let controls = core.controls().filter { kinds.contains($0.control.kind) }
    let matches = label.map { label in controls.filter { $0.title == label } } ?? controls
    let what = kinds.map(\.rawValue).sorted().joined(separator: ", ")
    let onScreen =
      controls.isEmpty ? "none" : controls.map { "\($0.control.kind.rawValue) \"\($0.title)\"" }.joined(separator: ", ")
    let call = label.map { "\(verb)(\"\($0)\")" } ?? "\(verb)()"
    guard let match = matches.first else {
      throw HeadlessHostError(
        code: kinds.contains(.button) ? .buttonNotFound : .notFound,
        message: "\(call): no \(what) has that title; on screen: \(onScreen)")
    }
    guard matches.count == 1 else {
      throw HeadlessHostError(
        code: kinds.contains(.button) ? .ambiguousButton : .ambiguous,
        message: "\(call): \(matches.count) controls have that title; on screen: \(onScreen)")
    }
    return match
  }
}
