import CGtk

/// Whether this computer is on a network, from GIO's GNetworkMonitor (the
/// system's: NetworkManager or the kernel's routes), and when that
/// changes.
///
/// Ownership rule: holds one reference to the monitor (the system's one is
/// shared: `retain`ed from `g_network_monitor_get_default`); the change
/// handler is boxed and released with its signal connection.
@MainActor
public final class NetworkMonitor: Object {
    /// The system's monitor.
    public static func system() -> NetworkMonitor {
        NetworkMonitor(UnsafeMutableRawPointer(g_network_monitor_get_default()!), .retain)
    }

    /// Wraps another GNetworkMonitor (`pointer`, one reference of the
    /// caller's taken over): tests drive one of their own.
    public convenience init(adopting pointer: UnsafeMutableRawPointer) {
        self.init(pointer, .adopt)
    }

    /// Whether a network is there to reach (a default route, or one to the
    /// addresses asked of), as the monitor last saw.
    public var isAvailable: Bool {
        g_network_monitor_get_network_available(opaque) != 0
    }

    /// Calls `handler` with the availability whenever the network changes.
    @discardableResult
    public func onChange(_ handler: @escaping @MainActor (Bool) -> Void) -> SignalConnection {
        connect("network-changed", uint: { available in handler(available != 0) })
    }
}
