// On Apple platforms a file that imports only Foundation (or only a Kotlin framework, which imports
// Foundation) also sees Combine (`ObservableObject`, `@Published`, `AnyCancellable`) and Observation
// (`@Observable`), because Apple's Foundation brings them along. Linux's Foundation does not, so
// unchanged view-model files fail there. This module re-exports them; a target imports it in every
// file, implicitly, with one setting in the user's Package.swift (Linux only: Apple's SDK does it):
//
//   .target(
//     name: "AppViewModels",
//     dependencies: [
//       .product(name: "AppleImplicitImports", package: "KotlinSwiftInterop", condition: .when(platforms: [.linux]))
//     ],
//     swiftSettings: [
//       .unsafeFlags(["-Xfrontend", "-import-module", "-Xfrontend", "AppleImplicitImports"], .when(platforms: [.linux]))
//     ]
//   )
//
// (`unsafeFlags` is allowed in a root package: your app's test package, not a library others depend on.)
// SwiftUI here already re-exports Combine and Observation, as Apple's does.
@_exported import Combine
@_exported import Foundation
@_exported import Observation
