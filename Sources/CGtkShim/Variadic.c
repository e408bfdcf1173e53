/*
 * GObject's variadic calls, one property or signal at a time.
 *
 * Swift imports no variadic C function, so each of these fixes the argument
 * list of g_object_set, g_object_get or g_signal_emit_by_name to one value
 * of one type, NULL-terminated here and nowhere else.
 *
 * The rule it keeps: no reference changes hands. The caller keeps its own
 * reference to `object`; a string set is copied by the property (the caller
 * still owns it); a value read is a plain int or boolean, nothing to free.
 */
#include "Variadic.h"

void
feedline_button_emit_clicked(GtkButton *button)
{
  g_signal_emit_by_name(button, "clicked");
}

void
feedline_object_set_int(gpointer object, const char *property, int value)
{
  g_object_set(object, property, value, NULL);
}

int
feedline_object_get_int(gpointer object, const char *property)
{
  int value = 0;
  g_object_get(object, property, &value, NULL);
  return value;
}

void
feedline_object_set_boolean(gpointer object, const char *property, gboolean value)
{
  g_object_set(object, property, value, NULL);
}

gboolean
feedline_object_get_boolean(gpointer object, const char *property)
{
  gboolean value = FALSE;
  g_object_get(object, property, &value, NULL);
  return value;
}

void
feedline_object_set_string(gpointer object, const char *property, const char *value)
{
  g_object_set(object, property, value, NULL);
}

void
feedline_object_set_double(gpointer object, const char *property, double value)
{
  g_object_set(object, property, value, NULL);
}
