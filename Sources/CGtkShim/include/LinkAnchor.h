/*
 * The focus stop of a link in a text view. See LinkAnchor.c.
 */
#pragma once
#include <gtk/gtk.h>

/* A focusable widget of no size whose accessible role is LINK: put before a
 * link's text in a text view, it is where keyboard focus and screen readers
 * stop for the link (GTK 4.8 exposes text-view links in no other way). */
GtkWidget *feedline_link_anchor_new(void);
