/*
 * The dispatch main queue, drained from GLib's main loop.
 *
 * On Linux nothing drains libdispatch's main queue once g_application_run
 * blocks the main thread, so Swift's main actor would never run. This file
 * watches the queue's wake-up eventfd with g_unix_fd_add and drains the queue
 * when it fires: zero wake-ups while idle.
 *
 * The rule it keeps: read the eventfd before draining, every time (left
 * unread it stays readable and GLib calls back at once, forever, at 100%
 * CPU). The watch is attached once and lives as long as the main context;
 * it owns nothing.
 */
#include "MainQueue.h"

#include <glib-unix.h>
#include <stdint.h>
#include <unistd.h>

/* libdispatch's hooks for foreign run loops (what CoreFoundation uses). On
 * Linux the handle is an eventfd that becomes readable when work is queued on
 * the main queue. */
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *msg);

static gboolean
drain_main_queue(gint fd, GIOCondition condition, gpointer user_data)
{
  (void) condition;
  (void) user_data;
  /* First, always: see the rule above. */
  uint64_t count;
  ssize_t ignored = read(fd, &count, sizeof count);
  (void) ignored;
  _dispatch_main_queue_callback_4CF(NULL);
  return G_SOURCE_CONTINUE;
}

guint
feedline_main_queue_attach(void)
{
  int fd = _dispatch_get_main_queue_handle_4CF();
  return g_unix_fd_add(fd, G_IO_IN, drain_main_queue, NULL);
}
