/*
 * Checks of what GTK tells screen readers, for tests. See AccessibleChecks.c.
 */
#pragma once
#include <gtk/gtk.h>

/* TRUE when the property has exactly this value (NULL: is not set). */
gboolean feedline_accessible_string_is(GtkAccessible *accessible, GtkAccessibleProperty property, const char *value);
/* TRUE when the BUSY state is exactly `busy`. */
gboolean feedline_accessible_busy_is(GtkAccessible *accessible, gboolean busy);
