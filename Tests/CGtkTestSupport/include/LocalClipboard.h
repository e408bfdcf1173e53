/*
 * The clipboard as this process left it, for tests. See LocalClipboard.c.
 */
#pragma once
#include <gtk/gtk.h>

/* The text this process put on the clipboard, or NULL (free it). */
char *feedline_clipboard_local_text(GdkClipboard *clipboard);
