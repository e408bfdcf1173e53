import CGtkTestSupport
import GtkKit

/// A network a test switches off and on (a GNetworkMonitor of its own,
/// CGtkTestSupport/TestNetwork.c), watched through GtkKit's
/// `NetworkMonitor` as the system's is. Test support only.
@MainActor
package final class TestNetwork {
    private let pointer: UnsafeMutableRawPointer
    package let monitor: NetworkMonitor

    package init() {
        let pointer = feedline_test_network_new()!
        self.pointer = pointer
        // The monitor holds the reference; this keeps the monitor.
        monitor = NetworkMonitor(adopting: pointer)
    }

    /// Takes the network away, or gives it back ("network-changed").
    package func set(available: Bool) {
        feedline_test_network_set_available(pointer, available ? 1 : 0)
    }
}
