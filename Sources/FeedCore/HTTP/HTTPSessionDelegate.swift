import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// Routes URLSession's callbacks to the exchange each task belongs to.
///
/// What URLSession on Linux (swift-corelibs-foundation 6.3, libcurl 7.88)
/// really does, checked against the loopback server:
///
/// - The disposition given to `didReceive response:` is ignored (corelibs
///   says so in its source); the transfer goes on. To stop a body, cancel
///   the task.
/// - `didReceive response:` is not called for 301-308: those go to
///   `willPerformHTTPRedirection`, whose intermediate bodies corelibs
///   buffers itself, uncounted. Corelibs stops at 20 redirects; we stop at
///   `maxRedirects`.
/// - Redirects keep every request header, `Authorization` included, even to
///   another host. `HTTPExchange.redirect` strips credentials when the
///   origin changes.
/// - Cancelling a task while corelibs waits for the redirect completion
///   handler, and then calling that handler, trips a fatalError in
///   corelibs. So the handler is called under the exchange's lock and never
///   after the exchange finished; `URLSessionTask.cancel()` is synchronous
///   on the task's work queue, so a handler called first is always
///   processed first.
/// - `timeoutIntervalForRequest` is an idle timer (reset on every header or
///   body callback), truncated to whole seconds: 0.5 times out at once.
///   `timeoutIntervalForResource` is not enforced at all; the exchange
///   keeps its own whole-response deadline.
/// - libcurl decodes gzip (and deflate, br, zstd) itself, even when we set
///   `Accept-Encoding: gzip` ourselves; `didReceive data:` gets decoded
///   bytes, while `expectedContentLength` is the encoded length.
/// - A 401 with `WWW-Authenticate` and a realm triggers the authentication
///   challenge; without a task delegate answer corelibs would look for
///   stored credentials. We answer "cancel" and report "Access denied".
/// - Errors: refused is -1004, unknown host -1003, idle timeout -1001 (with
///   an empty userInfo), no answer at all -1011 ("Empty reply from
///   server"). A body cut short, TLS failures and most other curl errors
///   arrive as -1 (unknown) with libcurl's text, which `HTTPFailure` reads.
final class HTTPSessionDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    // @unchecked: NSObject isn't Sendable; the only state is in the Mutex.
    private let exchanges = Mutex<[Int: HTTPExchange]>([:])

    func register(_ exchange: HTTPExchange, for task: URLSessionTask) {
        exchanges.withLock { $0[task.taskIdentifier] = exchange }
    }

    private func exchange(for task: URLSessionTask) -> HTTPExchange? {
        exchanges.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        exchange(for: dataTask)?.received(response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        exchange(for: dataTask)?.received(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
                    newRequest request: URLRequest,
                    completionHandler: @escaping @Sendable (URLRequest?) -> Void) {
        // No exchange: it finished and cancelled the task; answering now
        // could crash corelibs (see above).
        exchange(for: task)?.redirect(from: response, to: request, completionHandler: completionHandler)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
                    completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void) {
        exchange(for: task)?.authenticationRequested(by: challenge.failureResponse ?? task.response)
        completionHandler(.cancelAuthenticationChallenge, nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let exchange = exchanges.withLock { $0.removeValue(forKey: task.taskIdentifier) }
        exchange?.completed(task, error: error)
    }
}
