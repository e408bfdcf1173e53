/*
 * The GLib watch that runs the dispatch main queue (and so Swift's main
 * actor) inside GTK's main loop. See MainQueue.c for the rule it keeps.
 */
#pragma once
#include <glib.h>

/* Lets GLib's main loop run the dispatch main queue (and so the Swift main
 * actor): watches the queue's wake-up eventfd and drains the queue when it
 * fires. Costs nothing while idle. Returns the GLib source id. Call once, on
 * the main thread, before g_application_run (or before pumping GLib). */
guint feedline_main_queue_attach(void);
