/*
 * Pictures inside a label's text, drawn as if they were glyphs.
 *
 * Each picture is a Pango shape attribute over a U+FFFC in the label's
 * text, a square as tall as a line, so the text stays one label: it wraps,
 * ellipsizes and costs what a label costs. PangoCairo's shape renderer,
 * set on the label's Pango context, paints the texture into the square.
 *
 * The rules it keeps: each shape attribute holds its own reference to its
 * texture (taken when made, copied with the attribute, dropped when the
 * attribute is freed), so the label's attribute list keeps the pictures it
 * shows alive and the caller keeps its own. A texture's cairo surface is
 * made once, on the main thread while snapshotting, and freed with the
 * texture (object data).
 */
#include "InlinePictures.h"

/* The texture as a cairo surface, made once and kept with the texture. */
static cairo_surface_t *inline_picture_surface(GdkTexture *texture)
{
  cairo_surface_t *surface = g_object_get_data(G_OBJECT(texture), "feedline-cairo-surface");
  if (surface != NULL)
    return surface;
  surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, gdk_texture_get_width(texture),
                                       gdk_texture_get_height(texture));
  gdk_texture_download(texture, cairo_image_surface_get_data(surface), cairo_image_surface_get_stride(surface));
  cairo_surface_mark_dirty(surface);
  g_object_set_data_full(G_OBJECT(texture), "feedline-cairo-surface", surface,
                         (GDestroyNotify)cairo_surface_destroy);
  return surface;
}

/* PangoCairo's shape renderer: GTK's text renderer calls it (on the main
 * thread, while snapshotting the label) with the current point on the
 * baseline where the shape starts. */
static void inline_picture_draw(cairo_t *cr, PangoAttrShape *attr, gboolean do_path, gpointer data)
{
  (void)data;
  GdkTexture *texture = attr->data;
  if (do_path || texture == NULL)
    return;
  double x = 0, y = 0;
  cairo_get_current_point(cr, &x, &y);
  double box_width = attr->logical_rect.width / (double)PANGO_SCALE;
  double box_height = attr->logical_rect.height / (double)PANGO_SCALE;
  double top = y + attr->logical_rect.y / (double)PANGO_SCALE;
  int width = gdk_texture_get_width(texture), height = gdk_texture_get_height(texture);
  if (width <= 0 || height <= 0)
    return;
  double scale = MIN(box_width / width, box_height / height);
  cairo_save(cr);
  cairo_translate(cr, x + (box_width - width * scale) / 2, top + (box_height - height * scale) / 2);
  cairo_scale(cr, scale, scale);
  cairo_set_source_surface(cr, inline_picture_surface(texture), 0, 0);
  cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
  cairo_paint(cr);
  cairo_restore(cr);
}

static gpointer inline_picture_ref(gconstpointer texture)
{
  return texture != NULL ? g_object_ref((gpointer)texture) : NULL;
}

static void inline_picture_unref(gpointer texture)
{
  if (texture != NULL)
    g_object_unref(texture);
}

void feedline_label_set_inline_pictures(GtkLabel *label, const int *offsets, GdkTexture *const *textures, int count)
{
  if (count <= 0) {
    gtk_label_set_attributes(label, NULL);
    return;
  }
  PangoContext *context = gtk_widget_get_pango_context(GTK_WIDGET(label));
  pango_cairo_context_set_shape_renderer(context, inline_picture_draw, NULL, NULL);
  PangoFontMetrics *metrics = pango_context_get_metrics(context, NULL, NULL);
  int ascent = pango_font_metrics_get_ascent(metrics);
  int side = ascent + pango_font_metrics_get_descent(metrics);
  pango_font_metrics_unref(metrics);
  PangoRectangle box = { 0, -ascent, side, side };
  PangoAttrList *list = pango_attr_list_new();
  for (int i = 0; i < count; i++) {
    PangoAttribute *shape = pango_attr_shape_new_with_data(&box, &box, textures[i] != NULL ? g_object_ref(textures[i]) : NULL,
                                                           inline_picture_ref, inline_picture_unref);
    shape->start_index = (guint)offsets[i];
    shape->end_index = (guint)offsets[i] + 3; /* U+FFFC is three bytes in UTF-8 */
    pango_attr_list_insert(list, shape);
  }
  gtk_label_set_attributes(label, list);
  pango_attr_list_unref(list);
}
