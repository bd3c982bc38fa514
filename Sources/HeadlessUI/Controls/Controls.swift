/// A switch (SwiftUI's `Toggle`). Drawn as `Toggle "Wi-Fi" on` / `off`; `HeadlessHost.toggle(_:)`
/// flips it.
///
/// ```swift
/// Toggle("Wi-Fi", isOn: $settings.wifi)
/// ```
nonisolated public struct Toggle<Label: View>: View, PrimitiveView {
  let isOn: Binding<Bool>
  let label: Label

  public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
    self.isOn = isOn
    self.label = label()
  }

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent(children: [(0, label)])
    let isOn = self.isOn
    result.extras.hidesChildren = true
    result.extras.line = { node in
      "Toggle \(FrameFormat.quote(node.labelText)) \(isOn.wrappedValue ? "on" : "off")"
        + (node.environment.isEnabled ? "" : " disabled")
    }
    result.extras.control = Control(kind: .toggle, isOn: isOn)
    return result
  }
}

extension Toggle where Label == Text {
  public init(_ title: some StringProtocol, isOn: Binding<Bool>) {
    self.init(isOn: isOn) { Text(verbatim: String(title)) }
  }
}

/// A text field (SwiftUI's `TextField`). Drawn as `TextField "Name" = "ann"`;
/// `HeadlessHost.type(_:into:)` types into it, `submit(_:)` submits it.
///
/// ```swift
/// TextField("Name", text: $name).onSubmit { save() }
/// ```
nonisolated public struct TextField<Label: View>: View, PrimitiveView {
  let title: String
  let text: Binding<String>
  let kind: Control.Kind

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent()
    let text = self.text
    let title = self.title
    let kind = self.kind
    result.extras.line = { node in
      let value = kind == .secureField ? String(repeating: "•", count: text.wrappedValue.count) : text.wrappedValue
      return "\(kind == .secureField ? "SecureField" : "TextField") \(FrameFormat.quote(title)) = "
        + FrameFormat.quote(value) + (node.environment.isEnabled ? "" : " disabled")
    }
    result.extras.control = Control(kind: kind, title: title, text: text)
    return result
  }
}

extension TextField where Label == Text {
  public init(_ title: some StringProtocol, text: Binding<String>) {
    self.title = String(title)
    self.text = text
    kind = .textField
  }

  public init(_ title: some StringProtocol, text: Binding<String>, prompt: Text?) {
    self.init(title, text: text)
  }

  public init(_ title: some StringProtocol, text: Binding<String>, axis: Axis) {
    self.init(title, text: text)
  }

  /// The old form with editing callbacks (not called: there is no focus here).
  public init(
    _ title: some StringProtocol, text: Binding<String>, onEditingChanged: @escaping (Bool) -> Void,
    onCommit: @escaping () -> Void = {}
  ) {
    self.init(title, text: text)
  }
}

/// A field whose text is drawn as dots (SwiftUI's `SecureField`): `SecureField "Password" = "•••"`.
///
/// ```swift
/// SecureField("Password", text: $password)
/// ```
public typealias SecureField = SecureFieldView<Text>

/// The type behind `SecureField`.
nonisolated public struct SecureFieldView<Label: View>: View {
  let field: TextField<Label>

  @MainActor public var body: some View { field }
}

extension SecureFieldView where Label == Text {
  public init(_ title: some StringProtocol, text: Binding<String>) {
    field = TextField(title: String(title), text: text, kind: .secureField)
  }

  public init(_ title: some StringProtocol, text: Binding<String>, prompt: Text?) { self.init(title, text: text) }
}

/// A choice among tagged options (SwiftUI's `Picker`). Drawn as `Picker "Theme" = "Dark"` (the
/// selected option's label); `HeadlessHost.pick(_:in:)` chooses by option label.
///
/// ```swift
/// Picker("Theme", selection: $theme) {
///   ForEach(Theme.allCases) { Text($0.name).tag($0) }
/// }
/// ```
nonisolated public struct Picker<Label: View, SelectionValue: Hashable, Content: View>: View, PrimitiveView {
  let label: Label
  let selection: Binding<SelectionValue>
  let content: Content

  public init(
    selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label
  ) {
    self.selection = selection
    self.content = content()
    self.label = label()
  }

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    let title = (label as? Text)?.content
    var result = PrimitiveContent(children: [(0, content)])
    result.extras.hidesChildren = true
    let selection = self.selection
    result.extras.line = { node in
      let selected = Self.options(under: node, selection: selection).first { $0.isSelected }?.label
      return "Picker \(FrameFormat.quote(title ?? ""))" + (selected.map { " = \(FrameFormat.quote($0))" } ?? "")
        + (node.environment.isEnabled ? "" : " disabled")
    }
    result.extras.control = Control(
      kind: .picker, title: title ?? "",
      options: { node in
        Self.options(under: node, selection: selection).map { PickerOption(label: $0.label, select: $0.select) }
      })
    return result
  }

  /// The tagged views under the picker, in order.
  @MainActor static func options(under node: ViewNode, selection: Binding<SelectionValue>)
    -> [(label: String, isSelected: Bool, select: @MainActor () -> Void)]
  {
    var result: [(label: String, isSelected: Bool, select: @MainActor () -> Void)] = []
    for child in node.children {
      child.forEachDescendant { option in
        guard let tag = option.content?.extras.tag else { return }
        // A tag of the selection's type, or of its wrapped type when the selection is optional.
        let value = (tag.base as? SelectionValue) ?? (Optional(tag.base) as? SelectionValue)
        guard let value else { return }
        result.append((option.labelText, value == selection.wrappedValue, { selection.wrappedValue = value }))
      }
    }
    return result
  }
}

extension Picker where Label == Text {
  public init(_ title: some StringProtocol, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
    self.init(selection: selection, content: content) { Text(verbatim: String(title)) }
  }
}

/// Tags its content with a value (a picker option, a tab). Transparent.
nonisolated public struct TagView<Content: View>: View, PrimitiveView {
  let content: Content
  let tag: AnyHashable

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent.wrapping(content)
    result.extras.tag = tag
    return result
  }
}

extension View {
  /// The value this view stands for in a `Picker` or `TabView`.
  ///
  /// ```swift
  /// Text("Dark").tag(Theme.dark)
  /// ```
  nonisolated public func tag<V: Hashable>(_ tag: V) -> TagView<Self> { TagView(content: self, tag: AnyHashable(tag)) }
}

/// Increments and decrements a value (SwiftUI's `Stepper`). Drawn as `Stepper "label"`.
///
/// ```swift
/// Stepper("Guests: \(guests)", value: $guests, in: 1...10)
/// ```
nonisolated public struct Stepper<Label: View>: View, PrimitiveView {
  let label: Label

  public init(@ViewBuilder label: () -> Label, onIncrement: (() -> Void)?, onDecrement: (() -> Void)?) {
    self.label = label()
  }

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent(children: [(0, label)])
    result.extras.hidesChildren = true
    result.extras.line = { node in "Stepper \(FrameFormat.quote(node.labelText))" }
    return result
  }
}

extension Stepper where Label == Text {
  public init<V: Strideable>(
    _ title: some StringProtocol, value: Binding<V>, in range: ClosedRange<V>, step: V.Stride = 1
  ) {
    self.label = Text(verbatim: String(title))
  }

  public init<V: Strideable>(_ title: some StringProtocol, value: Binding<V>, step: V.Stride = 1) {
    self.label = Text(verbatim: String(title))
  }
}

/// A value on a range (SwiftUI's `Slider`). Drawn as `Slider = 0.5`.
///
/// ```swift
/// Slider(value: $volume, in: 0...1)
/// ```
nonisolated public struct Slider: View, PrimitiveView {
  let value: @MainActor () -> Double

  public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride = 0)
  where V.Stride: BinaryFloatingPoint {
    self.value = { Double(value.wrappedValue) }
  }

  @MainActor public var body: Never { primitiveBodyNeverCalled(Self.self) }

  @MainActor func makeContent() -> PrimitiveContent {
    var result = PrimitiveContent()
    let value = self.value
    result.extras.line = { _ in "Slider = \(value())" }
    return result
  }
}

/// A horizontal or vertical axis.
public enum Axis: Hashable, Sendable {
  case horizontal, vertical

  /// A set of axes (for `ScrollView`).
  public struct Set: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let horizontal = Set(rawValue: 1)
    public static let vertical = Set(rawValue: 2)
  }
}
