import HeadlessUI

extension HeadlessHost {
  /// Every frame so far, separated by `---` lines: what the golden files hold.
  var transcript: String { frames.joined(separator: "\n---\n") }
}
