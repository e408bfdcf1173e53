/*
 * A link's focus stop in the reader's text view.
 *
 * GTK 4.8 shows links inside a text view to neither the keyboard nor
 * AT-SPI. A GtkDrawingArea of no size with the LINK role (a construct-only
 * property, so g_object_new, which is variadic), focusable, placed in a
 * child anchor just before the link's words, is both (GtkKit's TextView
 * names it and opens the link).
 *
 * The rule it keeps: the widget comes back floating; the caller sinks it,
 * and the text view that holds it as a child owns it after that.
 */
#include "LinkAnchor.h"

GtkWidget *
feedline_link_anchor_new(void)
{
  GtkWidget *anchor = g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_LINK, NULL);
  gtk_widget_set_focusable(anchor, TRUE);
  return anchor;
}
