import KMPObservableViewModelSwiftUI
import SwiftUI

/// A parent that owns the view model and hands it to children: one observes it with
/// `@ObservedViewModel`, one reads it from the environment with `@EnvironmentViewModel`. The
/// observing child can be removed ("Hide details") while the parent stays.
struct TimerParent: View {
  @StateViewModel var viewModel: TimerViewModel
  @State private var showsDetails = true

  init(viewModel: @autoclosure @escaping () -> TimerViewModel) {
    _viewModel = StateViewModel(wrappedValue: viewModel())
  }

  var body: some View {
    VStack {
      Text("parent")
      if showsDetails {
        TimerDetails(viewModel: viewModel)
        Button("Hide details") { showsDetails = false }
      }
      TimerBadge()
    }
    .environmentViewModel(viewModel)
  }
}

/// Observes a view model it does not own.
struct TimerDetails: View {
  @ObservedViewModel var viewModel: TimerViewModel

  var body: some View {
    Text("details \(viewModel.seconds)")
  }
}

/// Reads the view model an ancestor put in the environment.
struct TimerBadge: View {
  @EnvironmentViewModel var viewModel: TimerViewModel

  var body: some View {
    Text("badge \(viewModel.seconds)")
  }
}

/// A view that only observes: nothing else holds the view model once it leaves.
struct ObservingOnly: View {
  @ObservedViewModel var viewModel: TimerViewModel

  var body: some View {
    Text("only \(viewModel.seconds)")
  }
}
