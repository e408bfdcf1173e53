#pragma once
#include <glib.h>

/* Whether an environment (NULL-terminated "NAME=value" strings) sets
 * G_SLICE, which leaves GLib's slice allocator as GLib chose. Before GLib
 * starts, a process whose environment does not hands its slices to malloc
 * (SliceAllocator.c). */
gboolean feedline_slices_left_to_glib(char *const *envp);

/* Whether this process's slices were handed to malloc before GLib started
 * (FALSE when its environment set G_SLICE). */
gboolean feedline_slices_handed_to_malloc(void);
