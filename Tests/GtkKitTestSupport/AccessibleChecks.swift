import CGtk
import CGtkTestSupport
import GtkKit

// What GTK tells screen readers about a widget, checked by tests: exactly
// this name, this description, this BUSY state. Test support only: the app
// never links this module or its C (CGtkTestSupport). The rule it keeps:
// the checks read, never set, and need `GTK_A11Y=test`
// (build-aux/run-swift-tests.sh sets it).

extension Widget {
    /// Whether GTK holds exactly this accessible label.
    package func accessibleLabelIs(_ label: String) -> Bool {
        feedline_accessible_string_is(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label) != 0
    }

    /// Whether GTK holds exactly this accessible description (nil: none).
    package func accessibleDescriptionIs(_ description: String?) -> Bool {
        feedline_accessible_string_is(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description) != 0
    }

    /// Whether the BUSY state is exactly `busy`.
    package func accessibleBusyIs(_ busy: Bool) -> Bool {
        feedline_accessible_busy_is(accessible, busy ? 1 : 0) != 0
    }
}
