import KMPObservableViewModelSwiftUI
import SwiftUI

/// A screen as an iOS app writes it with KMP-ObservableViewModel: the view owns its view model.
struct TimerScreen: View {
  @StateViewModel var viewModel = TimerViewModel()

  init() {}

  /// A view model the test made, to reach it from the test (the view still owns it).
  init(viewModel: @autoclosure @escaping () -> TimerViewModel) {
    _viewModel = StateViewModel(wrappedValue: viewModel())
  }

  var body: some View {
    VStack {
      Text("\(viewModel.seconds) s")
      Text(viewModel.status)
      Text("unobserved \(viewModel.unobserved.value)")
      Button("Start") { viewModel.start() }
      Button("Load") { viewModel.load(fail: false) }
      Button("Fail") { viewModel.load(fail: true) }
    }
  }
}
