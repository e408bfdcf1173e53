import GtkKit

/// Follows the desktop's light or dark preference.
///
/// GTK 4.8 itself only knows `gtk-application-prefer-dark-theme`; GNOME
/// keeps the user's choice in `org.gnome.desktop.interface color-scheme`
/// ("prefer-dark", "prefer-light", "default"). Where that schema is
/// installed, this copies the choice into GTK's setting and keeps it in step.
@MainActor
final class ColorScheme {
    private let key: SettingsKey

    /// Starts following, or returns nil where the desktop has no such key.
    static func follow() -> ColorScheme? {
        SettingsKey(schema: "org.gnome.desktop.interface", key: "color-scheme").map(ColorScheme.init)
    }

    private init(key: SettingsKey) {
        self.key = key
        apply()
        key.onChange { [weak self] in self?.apply() }
    }

    private func apply() {
        Settings.prefersDarkTheme = key.stringValue == "prefer-dark"
    }
}
