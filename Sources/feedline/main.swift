import FeedlineUI
import Foundation
import GtkKit

// First of all, before any thread allocates: malloc keeps to one arena and
// maps large blocks on their own, so freed pictures go back to the system
// (docs/BENCHMARKS.md, "Long use").
PictureMemory.prepare()

// Synchronous on purpose: an `await` here would make the runtime call
// dispatch_main(), and GTK would lose the main thread.
//
// `--import`, `--export` and `--update` run without a window: they are
// answered here, before anything touches GTK (no display needed).
if let status = HeadlessCommands.run(arguments: CommandLine.arguments) {
    exit(status)
}
exit(FeedlineMain.run(arguments: CommandLine.arguments))
