import KMPObservableViewModelCore
import ObservableViewModelDoubles

// The one line an app writes to use KMP-ObservableViewModel (the library's setup step).
extension Kmp_observableviewmodel_coreViewModel: ViewModel {}
