import FeedlineBench
import Loopback
import Foundation

/// The image benchmark's pictures go over real HTTP: the loopback
/// server on 127.0.0.1, started only by the runs that show pictures.
let imageServer = BenchmarkMain.ImageServer(
    start: { file in
        let server = try LoopbackServer { request in
            guard request.method == "GET", let file = file(request.path) else {
                return .text("No such picture", status: 404)
            }
            return LoopbackServer.Response(headers: file.headers, body: file.data)
        }
        // The closure holds the server, and with it the server runs.
        return BenchmarkMain.ImageServer.Running(url: server.baseURL, requestCount: { server.requests.count })
    },
    png: { size, red, green, blue in TestImages.png(width: size, height: size, red: red, green: green, blue: blue) })

// Synchronous, like the app's: GTK keeps the main thread.
exit(BenchmarkMain.run(arguments: CommandLine.arguments, imageServer: imageServer))
