import CCurlHandles

/// What the process does about FoundationNetworking's leak of a parsed URL
/// a request (the CCurlHandles target, `CurlURLHandles.c`, says how).
package enum CurlHandleRepair {
    /// Parsed URLs cleaned up whole after FoundationNetworking handed them
    /// to `curl_free`: about one a request while the toolchain leaks them,
    /// 0 once it frees them itself.
    package static var handlesCleaned: Int { Int(feedline_curl_handles_cleaned()) }
}
