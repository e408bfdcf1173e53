#pragma once
#include <glib.h>

/* Whether an environment (NULL-terminated "NAME=value" strings) sets
 * G_SLICE, which leaves GLib's slice allocator as GLib chose. Before GLib
 * starts, a process whose environment does not hands its slices to malloc
 * (SliceAllocator.c). */
gboolean feedline_slices_left_to_glib(char *const *envp);
