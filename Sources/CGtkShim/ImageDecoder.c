/*
 * Pictures decoded with gdk-pixbuf into GdkTextures, on any thread.
 *
 * A picture is fed to a GdkPixbufLoader in 64 KB pieces; its header decides
 * at once whether it is refused (a decompression bomb never allocates its
 * pixels) and the size it is decoded at (shrunk while decoding where the
 * loader can, after it where it cannot).
 *
 * The rule it keeps: the caller owns what comes back, the texture (a new
 * reference) or the message (g_free it); everything made in between (the
 * loader, its pixbufs, the error) is released here before returning. Only
 * thread-safe calls: no GTK widget, no main context.
 */
#include "ImageDecoder.h"


typedef struct {
  int max_width, max_height;
  gint64 max_pixels;
  int width, height;
  gboolean too_large;
} DecodeLimits;

/* The header is read: refuse a bomb before a pixel is allocated (a size of
 * 0 × 0 tells the loader to stop, as gdk_pixbuf_get_file_info does), or ask
 * for the size shown. */
static void
decode_size_prepared(GdkPixbufLoader *loader, int width, int height, gpointer data)
{
  DecodeLimits *limits = data;
  limits->width = width;
  limits->height = height;
  if (width <= 0 || height <= 0 || (gint64) width * height > limits->max_pixels) {
    limits->too_large = TRUE;
    gdk_pixbuf_loader_set_size(loader, 0, 0);
    return;
  }
  double scale = MIN(1.0, MIN((double) limits->max_width / width, (double) limits->max_height / height));
  if (scale < 1.0)
    gdk_pixbuf_loader_set_size(loader, MAX(1, (int) (width * scale + 0.5)), MAX(1, (int) (height * scale + 0.5)));
}

GdkTexture *
feedline_decode_image(const guint8 *data, gsize length, int max_width, int max_height, gint64 max_pixels,
                      int *width, int *height, char **message)
{
  DecodeLimits limits = { MAX(1, max_width), MAX(1, max_height), max_pixels, 0, 0, FALSE };
  GdkPixbufLoader *loader = gdk_pixbuf_loader_new();
  g_signal_connect_data(loader, "size-prepared", G_CALLBACK(decode_size_prepared), &limits, NULL, 0);
  GError *error = NULL;
  gboolean ok = TRUE;
  /* In pieces, so that a refused header stops the work at once. */
  for (gsize offset = 0; ok && offset < length && !limits.too_large; offset += 64 * 1024)
    ok = gdk_pixbuf_loader_write(loader, data + offset, MIN(length - offset, 64 * 1024), &error);
  if (ok && !limits.too_large)
    ok = gdk_pixbuf_loader_close(loader, &error);
  else
    gdk_pixbuf_loader_close(loader, NULL);

  GdkTexture *texture = NULL;
  GdkPixbuf *pixbuf = gdk_pixbuf_loader_get_pixbuf(loader);
  if (limits.too_large) {
    *message = g_strdup_printf("The image is too large (%d × %d pixels)", limits.width, limits.height);
  } else if (!ok || pixbuf == NULL) {
    *message = g_strdup_printf("The image couldn't be read (%s)", error != NULL ? error->message : "no picture in it");
  } else {
    int w = gdk_pixbuf_get_width(pixbuf), h = gdk_pixbuf_get_height(pixbuf);
    double scale = MIN(1.0, MIN((double) limits.max_width / w, (double) limits.max_height / h));
    GdkPixbuf *shown = scale < 1.0
      /* A loader that could not scale while decoding. */
      ? gdk_pixbuf_scale_simple(pixbuf, MAX(1, (int) (w * scale + 0.5)), MAX(1, (int) (h * scale + 0.5)),
                                GDK_INTERP_BILINEAR)
      : g_object_ref(pixbuf);
    texture = gdk_texture_new_for_pixbuf(shown);
    *width = gdk_pixbuf_get_width(shown);
    *height = gdk_pixbuf_get_height(shown);
    g_object_unref(shown);
  }
  g_clear_error(&error);
  g_object_unref(loader);
  return texture;
}
