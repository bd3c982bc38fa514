// A detail screen in the style of KMP apps that pause their Kotlin work when the app leaves the
// foreground (`@Environment(\.scenePhase)` + `.onChange(of: scenePhase)`). Written for this
// package; only `import SwiftUI`, as in an app's iosApp/ folder.
import SwiftUI

/// Stands in for a Kotlin view model with lifecycle hooks.
@MainActor
final class ProductDetailKotlinViewModel: ObservableObject {
  @Published private(set) var log: [String] = []

  func onBackground() { log.append("paused") }
  func onActive() { log.append("resumed") }
}

struct ProductDetailScreen: View {
  @StateObject var viewModel: ProductDetailKotlinViewModel
  @Environment(\.scenePhase) private var scenePhase

  var body: some View {
    VStack {
      Text("phase: \(String(describing: scenePhase))")
      Text("log: \(viewModel.log.joined(separator: ", "))")
    }
    .onChange(of: scenePhase) { _, phase in
      switch phase {
      case .background: viewModel.onBackground()
      case .active: viewModel.onActive()
      default: break
      }
    }
  }
}
