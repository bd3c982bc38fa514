// A sheet in the style of KMP apps that hand their screens plain closures (`onDismiss`, `onAppear`)
// from the coordinator. Written for this package; only `import SwiftUI`. It compiles without a
// warning only if `Button(action:)` and the event modifiers take a non-Sendable closure as Apple's
// do (issue 28, item 4).
import SwiftUI

struct DismissableSheet: View {
  let title: String
  let onDismiss: () -> Void
  let onShown: () -> Void
  let onSelect: (String) -> Void
  @State private var query = ""

  var body: some View {
    VStack {
      Text(title)
      TextField("Search", text: $query)
        .onSubmit { onSelect(query) }
      Text("Pick me").onTapGesture(perform: onShown)
      Button(action: onDismiss) { Image(systemName: "xmark") }
      Button("Close", action: onDismiss)
    }
    .onAppear(perform: onShown)
    .onChange(of: query) { _, new in onSelect(new) }
  }
}

/// Views can be built outside `body`, in nonisolated code, as with Apple's nonisolated initialisers.
nonisolated func makeCloseButton(_ action: @escaping () -> Void) -> Button<Text> {
  Button("Close", action: action)
}

/// A shared empty-state view built by a nonisolated helper, with containers and modifiers, as
/// Apple's nonisolated views and modifiers allow.
nonisolated func makeEmptyState(_ message: String) -> some View {
  VStack(spacing: 8) {
    Image(systemName: "tray")
      .font(.largeTitle)
    Text(message)
      .multilineTextAlignment(.center)
  }
  .padding()
  .frame(maxWidth: .infinity)
  .foregroundColor(.gray)
  .onAppear {}
}
