/*
 * CGtkShim: the C that the app needs and Swift cannot write, one mechanism
 * per file (each .c opens with the rule it keeps: who refs, who frees):
 *
 *   MainQueue       the GLib watch that drains the dispatch main queue, so
 *                   Swift's main actor runs inside GTK's main loop
 *   ValueList       a GObject carrying a Swift pointer, and a GListModel of
 *                   them in an array (the lists' and grids' model)
 *   LazyList        a GListModel that makes its items when asked (the feed's
 *                   list: stored timelines of any length)
 *   ImageDecoder    pictures to textures with gdk-pixbuf, any thread, with
 *                   a size limit checked from the header
 *   Accessibility   accessible labels, descriptions, states and roles
 *                   (variadic in GTK), and announcements (GTK 4.14+, found
 *                   at run time)
 *   InlinePictures  pictures drawn inside a label's text (custom emoji),
 *                   through PangoCairo's shape renderer
 *   LinkAnchor      the focusable LINK widget a text-view link sits behind
 *   Variadic        one property or signal at a time for g_object_set,
 *                   g_object_get and g_signal_emit_by_name
 *   SliceAllocator  GLib 2.74's slice allocator handed to malloc before
 *                   GLib starts (the executable's .preinit_array)
 *
 * Everything else is called from Swift directly. Checks for tests are not
 * here: they are in Tests/CGtkTestSupport, which the app never links.
 */
#pragma once
#include <gtk/gtk.h>

#include "MainQueue.h"
#include "ValueList.h"
#include "LazyList.h"
#include "ImageDecoder.h"
#include "Accessibility.h"
#include "InlinePictures.h"
#include "LinkAnchor.h"
#include "Variadic.h"
#include "SliceAllocator.h"
