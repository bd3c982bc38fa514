// The Kotlin framework exports KMP-ObservableViewModel's classes (Kmp_observableviewmodel_coreViewModel)
// and Swift export's flow types along with the module's own: so does the fake.
@_exported import KotlinCoroutineSupport
@_exported import ObservableViewModelDoubles
