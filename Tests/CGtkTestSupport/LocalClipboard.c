/*
 * The text this process put on the clipboard, read without a round trip
 * through the display server or the main loop: tests check what Copy Link
 * copied at once.
 *
 * The rule it keeps: the clipboard and its content provider are borrowed;
 * the GValue is unset here; the caller owns (and g_frees) the text.
 */
#include "LocalClipboard.h"

char *
feedline_clipboard_local_text(GdkClipboard *clipboard)
{
  GdkContentProvider *content = gdk_clipboard_get_content(clipboard);
  if (content == NULL)
    return NULL;
  GValue value = G_VALUE_INIT;
  g_value_init(&value, G_TYPE_STRING);
  char *text = NULL;
  if (gdk_content_provider_get_value(content, &value, NULL))
    text = g_value_dup_string(&value);
  g_value_unset(&value);
  return text;
}
