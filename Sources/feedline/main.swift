import FeedlineUI
import Foundation

// Synchronous on purpose: an `await` here would make the runtime call
// dispatch_main(), and GTK would lose the main thread.
exit(FeedlineMain.run(arguments: CommandLine.arguments))
