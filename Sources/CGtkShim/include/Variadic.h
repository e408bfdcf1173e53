/*
 * Stand-ins for GObject calls Swift cannot make because they are variadic
 * (g_object_set, g_object_get, g_signal_emit_by_name). See Variadic.c.
 */
#pragma once
#include <gtk/gtk.h>

/* Emits "clicked" on a button at once, as its AT-SPI click action does. */
void feedline_button_emit_clicked(GtkButton *button);

/* One property at a time: GtkSettings' "gtk-xft-dpi" and
 * "gtk-application-prefer-dark-theme", a text tag's "weight", "family",
 * "foreground", "scale"... */
void feedline_object_set_int(gpointer object, const char *property, int value);
int feedline_object_get_int(gpointer object, const char *property);
void feedline_object_set_boolean(gpointer object, const char *property, gboolean value);
gboolean feedline_object_get_boolean(gpointer object, const char *property);
void feedline_object_set_string(gpointer object, const char *property, const char *value);
void feedline_object_set_double(gpointer object, const char *property, double value);
