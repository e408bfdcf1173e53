/*
 * GLib's slice allocator handed to malloc, before GLib starts.
 *
 * GLib 2.74 (Debian 12's) still has its own slab allocator behind
 * g_slice_alloc: GObject instances, list and hash-table nodes and most of
 * GTK's small blocks are carved from page-sized slabs, and a slab goes back
 * to malloc only once every block in it is free. In long use (widgets,
 * layouts and text rebuilt thousands of times an hour) a few survivors pin
 * each slab; malloc's own trims cannot reach them. GLib 2.76 removed that
 * allocator for plain malloc; this does the same on 2.74
 * (docs/BENCHMARKS.md, "Long use").
 *
 * The rule it keeps: the choice can only be made before the first slice is
 * allocated, and GLib's own constructors allocate slices, so it runs from
 * the executable's .preinit_array, before any library's initializer; it
 * calls nothing but g_slice_set_config (relocated, needs no initialised
 * GLib) and reads only the environment it is handed. With G_SLICE set in
 * that environment (to anything, "" included) GLib's own choice stands.
 * On GLib 2.76 and later the call does nothing.
 */
#include "SliceAllocator.h"

#include <string.h>

gboolean
feedline_slices_left_to_glib(char *const *envp)
{
  for (char *const *entry = envp; entry != NULL && *entry != NULL; entry++)
    if (strncmp(*entry, "G_SLICE=", 8) == 0)
      return TRUE;
  return FALSE;
}

static gboolean handed_to_malloc = FALSE;

gboolean
feedline_slices_handed_to_malloc(void)
{
  return handed_to_malloc;
}

static void
feedline_slices_to_malloc(int argc, char **argv, char **envp)
{
  (void) argc;
  (void) argv;
  if (feedline_slices_left_to_glib(envp))
    return;
  G_GNUC_BEGIN_IGNORE_DEPRECATIONS
  g_slice_set_config(G_SLICE_CONFIG_ALWAYS_MALLOC, TRUE);
  G_GNUC_END_IGNORE_DEPRECATIONS
  handed_to_malloc = TRUE;
}

/* Only an executable's .preinit_array runs before the libraries'
 * constructors; this file is linked into each of Feedline's executables
 * (through GtkKit) as an object, so the entry lands there. */
__attribute__((section(".preinit_array"), used))
static void (*const feedline_slices_entry)(int, char **, char **) = feedline_slices_to_malloc;
