// Swift Testing declares a cross-import overlay for UIKit (Testing.swiftcrossimport/UIKit.swiftoverlay:
// attachments of UIImages on Apple platforms), so a test file that imports both Testing and a module
// named UIKit makes the compiler look for `_Testing_UIKit`. Linux's toolchain does not ship it; this
// package's UIKit stand-in brings this empty one along, so such test files compile. It adds nothing.
