// An Objective-C export framework shows the Kotlin standard library's and kotlinx.coroutines' types it
// uses (KotlinInt, KotlinEnum, Kotlinx_coroutines_coreStateFlow…) and, with `export(…)` in its Gradle
// build, androidx's ViewModel classes: so does the fake.
@_exported import AndroidxLifecycleDoubles
@_exported import ObjCExportDoubles
