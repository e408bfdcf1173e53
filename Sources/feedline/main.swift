import FeedlineUI
import Foundation

// Synchronous on purpose: an `await` here would make the runtime call
// dispatch_main(), and GTK would lose the main thread.
//
// `--import`, `--export` and `--update` run without a window: they are
// answered here, before anything touches GTK (no display needed).
if let status = HeadlessCommands.run(arguments: CommandLine.arguments) {
    exit(status)
}
exit(FeedlineMain.run(arguments: CommandLine.arguments))
