/*
 * Image decoding with gdk-pixbuf, safe off the main thread. See
 * ImageDecoder.c for its limits and ownership.
 */
#pragma once
#include <gtk/gtk.h>

/* Decodes `data` (anything gdk-pixbuf reads: PNG, JPEG, GIF, WebP with its
 * loader...) into a texture no larger than max_width × max_height, aspect
 * kept, never enlarged. An image of more than max_pixels pixels is refused
 * from its header, before any pixel memory. Safe on any thread. Returns NULL
 * and a message to free in *message when the image is too large, truncated,
 * corrupt or not an image. */
GdkTexture *feedline_decode_image(const guint8 *data, gsize length, int max_width, int max_height,
                                  gint64 max_pixels, int *width, int *height, char **message);
