/*
 * Whether GTK holds exactly an accessible property or state: tests' checks
 * of names, descriptions and the BUSY state.
 *
 * gtk_test_accessible_check_property/state are variadic, hence C. They work
 * only with GTK_A11Y=test (build-aux/run-swift-tests.sh sets it), where GTK
 * keeps values without an accessibility bus. Never linked into the app.
 *
 * The rule it keeps: nothing is referenced; GTK's error string is freed
 * here, and only a yes or no goes back.
 */
#include "AccessibleChecks.h"

gboolean
feedline_accessible_string_is(GtkAccessible *accessible, GtkAccessibleProperty property, const char *value)
{
  if (!gtk_test_accessible_has_property(accessible, property))
    return value == NULL;
  char *error = gtk_test_accessible_check_property(accessible, property, value);
  gboolean matches = error == NULL;
  g_free(error);
  return matches;
}

gboolean
feedline_accessible_busy_is(GtkAccessible *accessible, gboolean busy)
{
  char *error = gtk_test_accessible_check_state(accessible, GTK_ACCESSIBLE_STATE_BUSY, busy);
  gboolean matches = error == NULL;
  g_free(error);
  return matches;
}
