/*
 * The value GTK holds for an accessible property (a name, a description),
 * for tests that read every name in a window (the pseudo-locale test).
 * Needs GTK_A11Y=test. Never linked into the app.
 */
#pragma once
#include <gtk/gtk.h>

/* The property's value as text (free it with g_free), or NULL when the
 * widget has none. */
char *feedline_accessible_string(GtkAccessible *accessible, GtkAccessibleProperty property);
