/*
 * GTK 4.8 has no getter for accessible properties; its test check
 * (variadic, hence C) answers the value it holds whenever that differs
 * from the one asked about, so asking about a value no widget has reads it.
 */
#include "AccessibleText.h"

char *
feedline_accessible_string(GtkAccessible *accessible, GtkAccessibleProperty property)
{
  if (!gtk_test_accessible_has_property(accessible, property))
    return NULL;
  return gtk_test_accessible_check_property(accessible, property, "\x01no widget has this value\x01");
}
