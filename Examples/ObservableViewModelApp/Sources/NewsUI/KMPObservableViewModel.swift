import KMPObservableViewModelCore
import NewsShared  // on iOS: import shared

// KMP-ObservableViewModel's setup step: the Kotlin ViewModel base class is a Swift ViewModel.
extension Kmp_observableviewmodel_coreViewModel: @retroactive ViewModel {}
