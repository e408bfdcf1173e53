import FeedlineUI
import Foundation

// Synchronous, like the app's: GTK keeps the main thread.
exit(BenchmarkMain.run(arguments: CommandLine.arguments))
