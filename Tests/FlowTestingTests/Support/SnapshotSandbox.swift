import Foundation

/// A fresh temporary directory for one test's snapshots (`snapshotDirectory:`), so that snapshot
/// tests never touch the repository, each other, or files left by an earlier run.
struct SnapshotSandbox {
  let directory: URL

  init() throws {
    directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("FlowTestingTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  }

  /// The `snapshotDirectory:` argument.
  var path: String { directory.path }

  func url(_ fileName: String) -> URL { directory.appendingPathComponent(fileName) }

  func write(_ text: String, to fileName: String) throws { try write(Data(text.utf8), to: fileName) }

  func write(_ data: Data, to fileName: String) throws { try data.write(to: url(fileName)) }

  /// The file's text, or nil when it cannot be read.
  func read(_ fileName: String) -> String? {
    (try? Data(contentsOf: url(fileName))).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The names of the files in the directory, sorted.
  var fileNames: [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

  func remove() { try? FileManager.default.removeItem(at: directory) }
}
