import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// One GET in flight: its limits, the body gathered so far, and the
/// continuation its caller is suspended on.
///
/// It finishes exactly once, whichever comes first: URLSession completes,
/// a limit is passed (size, redirects, whole-response deadline), or the
/// caller's task is cancelled. Finishing resumes the caller at once and
/// cancels the URLSession task when it's still running; anything URLSession
/// reports afterwards is ignored.
final class HTTPExchange: Sendable {
    let request: URLRequest
    private let policy: HTTPPolicy
    private let redactor: Redactor
    private let state: Mutex<State>

    private struct State {
        var finished = false
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
        var task: URLSessionDataTask?
        /// Where the current leg of the request goes (changes on redirects).
        var url: URL
        /// A response head (not a followed redirect) has arrived.
        var answered = false
        var body = Data()
        var redirects = 0
        /// Every redirect so far was permanent (301, 308).
        var onlyPermanent = true
        /// Where those permanent redirects led.
        var movedPermanently: URL?
        /// The whole-response deadline, cancelled when the exchange
        /// finishes (a timer left to run would keep its memory until then).
        var deadline: (any DispatchSourceTimer)?
    }

    init(request: URLRequest, policy: HTTPPolicy, redactor: Redactor) {
        self.request = request
        self.policy = policy
        self.redactor = redactor
        self.state = Mutex(State(url: request.url!))
    }

    // MARK: Starting and stopping

    /// Creates the URLSession task and starts it, unless the caller was
    /// cancelled already (then `continuation` gets CancellationError).
    func start(in session: URLSession, delegate: HTTPSessionDelegate,
               continuation: CheckedContinuation<HTTPResponse, any Error>) {
        let proceed = state.withLock { state in
            guard !state.finished else { return false }
            state.continuation = continuation
            return true
        }
        guard proceed else {
            continuation.resume(throwing: CancellationError())
            return
        }
        let task = session.dataTask(with: request)
        delegate.register(self, for: task)
        let started = state.withLock { state in
            guard !state.finished else { return false }
            state.task = task
            return true
        }
        guard started else {
            // Cancelled between the two locks: the caller has been told.
            task.cancel()
            return
        }
        startDeadline()
        task.resume()
    }

    /// Fails the exchange once `policy.responseTimeout` has passed, unless
    /// it has finished by then (finishing cancels the timer).
    private func startDeadline() {
        let seconds = policy.responseTimeout / .milliseconds(1) / 1000
        state.withLock { state in
            guard !state.finished else { return }
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(deadline: .now() + seconds)
            timer.setEventHandler { [weak self] in self?.deadlinePassed() }
            timer.resume()
            state.deadline = timer
        }
    }

    /// The caller's task was cancelled.
    func cancel() {
        finish(.failure(CancellationError()), cancelTask: true)
    }

    private func deadlinePassed() {
        finish(.failure(failure().timedOut("no complete answer within \(policy.responseTimeout)")), cancelTask: true)
    }

    private func finish(_ result: Result<HTTPResponse, any Error>, cancelTask: Bool) {
        let taken = state.withLock { state -> (CheckedContinuation<HTTPResponse, any Error>?, URLSessionDataTask?)? in
            guard !state.finished else { return nil }
            state.finished = true
            state.deadline?.cancel()
            state.deadline = nil
            defer {
                state.continuation = nil
                state.body = Data()
            }
            return (state.continuation, state.task)
        }
        guard let (continuation, task) = taken else { return }
        if cancelTask {
            // Outside the lock: cancel() waits on the task's work queue.
            task?.cancel()
        }
        continuation?.resume(with: result)
    }

    // MARK: What URLSession reports (on the session's delegate queue)

    func received(_ response: URLResponse) {
        guard let response = response as? HTTPURLResponse else { return }
        let declared = response.expectedContentLength
        let proceed = state.withLock { state in
            guard !state.finished else { return false }
            state.answered = true
            return true
        }
        if proceed, declared > Int64(policy.maxBodyBytes) {
            finish(.failure(failure().tooLarge(policy, received: "Content-Length \(declared)")), cancelTask: true)
        }
    }

    func received(_ data: Data) {
        let total = state.withLock { state -> Int? in
            guard !state.finished else { return nil }
            state.body.append(data)
            return state.body.count
        }
        if let total, total > policy.maxBodyBytes {
            finish(.failure(failure().tooLarge(policy, received: "\(total) bytes received and more coming")),
                   cancelTask: true)
        }
    }

    /// Decides a redirect. The completion handler is called while the
    /// state is locked, and never once the exchange has finished: see
    /// `HTTPSessionDelegate` for why.
    func redirect(from response: HTTPURLResponse, to newRequest: URLRequest,
                  completionHandler: @Sendable (URLRequest?) -> Void) {
        let refusal = state.withLock { state -> FeedError? in
            guard !state.finished else { return nil }
            state.redirects += 1
            let from = state.url
            guard let target = newRequest.url else {
                completionHandler(nil)
                return failure(from).error("The server sent an unexpected answer (\(response.statusCode))", .badAnswer,
                                           "redirect without a usable Location", status: response.statusCode)
            }
            guard state.redirects <= policy.maxRedirects else {
                completionHandler(nil)
                return failure(from).tooManyRedirects(policy)
            }
            guard SecureAddress.allows(target) else {
                completionHandler(nil)
                return failure(from).insecure("redirected to \(redactor.describe(target)): not https, and not this computer")
            }
            if request.httpMethod == "POST",
               !(Self.bodyKeepingRedirects.contains(response.statusCode) && SecureAddress.sameOrigin(from, target)) {
                // Another redirect would drop the form (turning the post
                // into a GET), and another origin would receive it.
                completionHandler(nil)
                return failure(from).error("The server sent the request to another address (\(response.statusCode))",
                                           .badAnswer, "a POST redirected to \(redactor.describe(target))",
                                           status: response.statusCode)
            }
            var next = newRequest
            if !SecureAddress.sameOrigin(from, target) {
                // URLSession on Linux keeps every header across redirects,
                // to any host. Credentials stay with the origin they're for.
                next.setValue(nil, forHTTPHeaderField: "Authorization")
                next.setValue(nil, forHTTPHeaderField: "Cookie")
            }
            state.url = target
            if state.onlyPermanent && Self.permanentRedirects.contains(response.statusCode) {
                state.movedPermanently = target
            } else {
                state.onlyPermanent = false
            }
            completionHandler(next)
            return nil
        }
        if let refusal {
            // The handler was told to stop; the task completes on its own.
            finish(.failure(refusal), cancelTask: false)
        }
    }

    /// URLSession met `WWW-Authenticate` on a 401 and asks for
    /// credentials. We have none to give: that is "Access denied".
    func authenticationRequested(by response: URLResponse?) {
        let url = state.withLock { $0.url }
        let status = (response as? HTTPURLResponse)?.statusCode ?? 401
        let answer = HTTPResponse(status: status, url: response?.url ?? url,
                                  headers: Self.headers(of: response as? HTTPURLResponse))
        let error = failure(answer.url).status(answer, now: Date())
            ?? failure(answer.url).error("Access denied (\(status))", .accessDenied, "authentication requested",
                                         status: status)
        finish(.failure(error), cancelTask: false)
    }

    func completed(_ task: URLSessionTask, error: (any Error)?) {
        let (answered, body, url, moved) = state.withLock { ($0.answered, $0.body, $0.url, $0.movedPermanently) }
        if let error {
            switch (error as NSError).code {
            case NSURLErrorCancelled:
                finish(.failure(CancellationError()), cancelTask: false)
            case NSURLErrorTimedOut:
                let idle = Int(policy.idleTimeoutSeconds)
                finish(.failure(failure(url).timedOut("nothing received for \(idle) s (NSURLErrorDomain -1001)")),
                       cancelTask: false)
            default:
                finish(.failure(failure(url).transport(error, answered: answered)), cancelTask: false)
            }
            return
        }
        guard let http = task.response as? HTTPURLResponse else {
            finish(.failure(failure(url).error("The server's answer couldn't be read", .badAnswer, "no HTTP response")),
                   cancelTask: false)
            return
        }
        let response = HTTPResponse(status: http.statusCode, url: http.url ?? url,
                                    headers: Self.headers(of: http), body: body, movedPermanently: moved)
        if response.status == 304 && isConditional {
            // Not Modified: what a conditional request asks to hear.
            finish(.success(response), cancelTask: false)
        } else if let error = failure(response.url).status(response, now: Date()) {
            finish(.failure(error), cancelTask: false)
        } else {
            finish(.success(response), cancelTask: false)
        }
    }

    /// Moved Permanently and Permanent Redirect: the address itself has
    /// changed (RFC 9110 15.4.2, 15.4.9). 302, 303 and 307 say nothing of
    /// the address.
    private static let permanentRedirects: Set<Int> = [301, 308]
    /// Redirects that keep a request's method and body.
    private static let bodyKeepingRedirects: Set<Int> = [307, 308]

    /// The request revalidates a copy the caller keeps (`If-None-Match`,
    /// `If-Modified-Since`), so 304 is an answer, not a failure.
    private var isConditional: Bool {
        request.value(forHTTPHeaderField: "If-None-Match") != nil
            || request.value(forHTTPHeaderField: "If-Modified-Since") != nil
    }

    private func failure(_ url: URL? = nil) -> HTTPFailure {
        HTTPFailure(url: url ?? request.url!, redactor: redactor, method: request.httpMethod ?? "GET")
    }

    private static func headers(of response: HTTPURLResponse?) -> [String: String] {
        var headers: [String: String] = [:]
        for (name, value) in response?.allHeaderFields ?? [:] {
            if let name = name as? String, let value = value as? String {
                headers[name] = value
            }
        }
        return headers
    }
}
