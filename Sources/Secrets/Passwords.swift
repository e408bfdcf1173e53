import CSecret
import Foundation

/// The passwords of sync accounts, kept by the desktop's Secret Service
/// (GNOME Keyring, KWallet) through libsecret: never in the store, a
/// settings file, a log or an error's text.
///
/// One password an account, found by its server's address and user name
/// (the schema `org.gnome.Feedline.Account`). Each call talks to the
/// service over D-Bus and waits for it, so it runs off the main thread
/// (the concurrent executor), never blocking the window.
public enum Passwords {
    /// What went wrong, in the service's words (no password in them).
    public struct Failure: Error, CustomStringConvertible, Equatable {
        public let description: String
    }

    /// Keeps `password` for `user` at `server`, replacing one kept before.
    /// `label`: how the desktop's password manager lists it.
    @concurrent
    public static func save(_ password: String, server: URL, user: String, label: String) async throws(Failure) {
        try call(server, user) { attributes, error in
            secret_password_storev_sync(schema, attributes, nil, label, password, nil, &error) != 0
        }
    }

    /// The password kept for `user` at `server`; nil when there is none.
    @concurrent
    public static func password(server: URL, user: String) async throws(Failure) -> String? {
        var found: String?
        try call(server, user) { attributes, error in
            guard let text = secret_password_lookupv_sync(schema, attributes, nil, &error) else { return true }
            found = String(cString: text)
            secret_password_free(text)
            return true
        }
        return found
    }

    /// Forgets the password of `user` at `server` (none kept: nothing to do).
    @concurrent
    public static func remove(server: URL, user: String) async throws(Failure) {
        try call(server, user) { attributes, error in
            _ = secret_password_clearv_sync(schema, attributes, nil, &error)
            return true
        }
    }

    // MARK: libsecret

    /// `org.gnome.Feedline.Account`: a server's address and a user name.
    /// libsecret keeps the schema it is given by pointer for as long as
    /// the process runs, so it is made once and never freed.
    nonisolated(unsafe) private static let schema: UnsafePointer<SecretSchema> = {
        let types = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, nil)
        for name in ["server", "user"] {
            g_hash_table_insert(types, g_strdup(name), UnsafeMutableRawPointer(bitPattern: Int(SECRET_SCHEMA_ATTRIBUTE_STRING.rawValue)))
        }
        let made = secret_schema_newv("org.gnome.Feedline.Account", SECRET_SCHEMA_NONE, types)!
        g_hash_table_unref(types)
        return UnsafePointer(made)
    }()

    /// Runs `body` with the account's attributes as libsecret takes them
    /// (a hash table of strings) and a GError for it to fill; throws that
    /// error's message, or a plain one when `body` says it failed.
    private static func call(_ server: URL, _ user: String,
                             _ body: (OpaquePointer?, inout UnsafeMutablePointer<GError>?) -> Bool) throws(Failure) {
        let table = g_hash_table_new_full(g_str_hash, g_str_equal, g_free, g_free)
        defer { g_hash_table_unref(table) }
        g_hash_table_insert(table, g_strdup("server"), g_strdup(server.absoluteString))
        g_hash_table_insert(table, g_strdup("user"), g_strdup(user))
        var error: UnsafeMutablePointer<GError>?
        let succeeded = body(table, &error)
        if let error {
            let message = error.pointee.message.map { String(cString: $0) } ?? "the Secret Service failed"
            g_error_free(error)
            throw Failure(description: message)
        }
        if !succeeded { throw Failure(description: "the Secret Service failed") }
    }
}
