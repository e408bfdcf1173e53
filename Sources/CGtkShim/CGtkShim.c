#include "CGtkShim.h"

#include <dlfcn.h>
#include <glib-unix.h>
#include <stdint.h>
#include <string.h>
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
  /* Read the eventfd first: left unread it stays readable and GLib would call
   * us again at once, forever (100% CPU). */
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

/* A list item that carries one pointer for Swift in its own instance, not
 * in qdata (which costs every item an allocation more). */
struct _FeedlineValue {
  GObject parent_instance;
  gpointer value;
  FeedlineValueRelease release;
};

G_DEFINE_FINAL_TYPE(FeedlineValue, feedline_value, G_TYPE_OBJECT)

static void
feedline_value_finalize(GObject *object)
{
  FeedlineValue *self = FEEDLINE_VALUE(object);
  if (self->release != NULL)
    self->release(self->value);
  G_OBJECT_CLASS(feedline_value_parent_class)->finalize(object);
}

static void
feedline_value_class_init(FeedlineValueClass *klass)
{
  G_OBJECT_CLASS(klass)->finalize = feedline_value_finalize;
}

static void
feedline_value_init(FeedlineValue *self)
{
  (void) self;
}

FeedlineValue *
feedline_value_new(gpointer value, FeedlineValueRelease release)
{
  FeedlineValue *self = g_object_new(FEEDLINE_TYPE_VALUE, NULL);
  self->value = value;
  self->release = release;
  return self;
}

gpointer
feedline_value_get(FeedlineValue *self)
{
  return self->value;
}

void
feedline_value_set(FeedlineValue *self, gpointer value)
{
  gpointer old = self->value;
  self->value = value;
  if (self->release != NULL)
    self->release(old);
}

/* A list model over an array of FeedlineValues: what GListStore does for
 * Feedline's appends and splices, with a pointer per item where
 * GListStore's sequence spends a tree node, and O(1) lookups. */
struct _FeedlineValueList {
  GObject parent_instance;
  GPtrArray *items;
};

static GType
feedline_value_list_get_item_type(GListModel *model)
{
  (void) model;
  return FEEDLINE_TYPE_VALUE;
}

static guint
feedline_value_list_get_n_items(GListModel *model)
{
  return FEEDLINE_VALUE_LIST(model)->items->len;
}

static gpointer
feedline_value_list_get_item(GListModel *model, guint position)
{
  GPtrArray *items = FEEDLINE_VALUE_LIST(model)->items;
  return position < items->len ? g_object_ref(g_ptr_array_index(items, position)) : NULL;
}

static void
feedline_value_list_model_init(GListModelInterface *iface)
{
  iface->get_item_type = feedline_value_list_get_item_type;
  iface->get_n_items = feedline_value_list_get_n_items;
  iface->get_item = feedline_value_list_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE(FeedlineValueList, feedline_value_list, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, feedline_value_list_model_init))

static void
feedline_value_list_finalize(GObject *object)
{
  g_ptr_array_unref(FEEDLINE_VALUE_LIST(object)->items);
  G_OBJECT_CLASS(feedline_value_list_parent_class)->finalize(object);
}

static void
feedline_value_list_class_init(FeedlineValueListClass *klass)
{
  G_OBJECT_CLASS(klass)->finalize = feedline_value_list_finalize;
}

static void
feedline_value_list_init(FeedlineValueList *self)
{
  self->items = g_ptr_array_new_with_free_func(g_object_unref);
}

FeedlineValueList *
feedline_value_list_new(void)
{
  return g_object_new(FEEDLINE_TYPE_VALUE_LIST, NULL);
}

void
feedline_value_list_splice(FeedlineValueList *self, guint position, guint n_removals,
                           FeedlineValue *const *additions, guint n_additions)
{
  g_return_if_fail(position <= self->items->len && n_removals <= self->items->len - position);
  /* Take the new references first: an addition may be an item removed here. */
  for (guint i = 0; i < n_additions; i++)
    g_object_ref(additions[i]);
  if (n_removals > 0)
    g_ptr_array_remove_range(self->items, position, n_removals);
  if (n_additions > 0) {
    guint tail = self->items->len - position;
    g_ptr_array_set_size(self->items, self->items->len + n_additions);
    gpointer *data = self->items->pdata;
    memmove(data + position + n_additions, data + position, tail * sizeof(gpointer));
    memcpy(data + position, additions, n_additions * sizeof(gpointer));
  }
  if (n_removals > 0 || n_additions > 0)
    g_list_model_items_changed(G_LIST_MODEL(self), position, n_removals, n_additions);
}

/* --- Images ---------------------------------------------------------------- */

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

void
feedline_button_emit_clicked(GtkButton *button)
{
  g_signal_emit_by_name(button, "clicked");
}

void
feedline_object_set_int(gpointer object, const char *property, int value)
{
  g_object_set(object, property, value, NULL);
}

int
feedline_object_get_int(gpointer object, const char *property)
{
  int value = 0;
  g_object_get(object, property, &value, NULL);
  return value;
}

void
feedline_object_set_boolean(gpointer object, const char *property, gboolean value)
{
  g_object_set(object, property, value, NULL);
}

gboolean
feedline_object_get_boolean(gpointer object, const char *property)
{
  gboolean value = FALSE;
  g_object_get(object, property, &value, NULL);
  return value;
}

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

void
feedline_accessible_set_label(GtkAccessible *accessible, const char *label)
{
  gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void
feedline_accessible_set_sole_label(GtkAccessible *accessible, const char *label)
{
  gtk_accessible_reset_relation(accessible, GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

void
feedline_accessible_set_description(GtkAccessible *accessible, const char *description)
{
  gtk_accessible_update_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, description, -1);
}

void
feedline_accessible_reset_description(GtkAccessible *accessible)
{
  gtk_accessible_reset_property(accessible, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

void
feedline_accessible_set_busy(GtkAccessible *accessible, gboolean busy)
{
  gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_BUSY, busy, -1);
}

void
feedline_accessible_set_hidden(GtkAccessible *accessible, gboolean hidden)
{
  gtk_accessible_update_state(accessible, GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

gboolean
feedline_accessible_string_is(GtkAccessible *accessible, GtkAccessibleProperty property, const char *value)
{
  if (!gtk_test_accessible_has_property(accessible, property))
    return value == NULL;
  char *error = gtk_test_accessible_check_property(accessible, property, value);
  gboolean matches = error == NULL;
  g_free(error);
  return matches;
}

gboolean
feedline_accessible_busy_is(GtkAccessible *accessible, gboolean busy)
{
  char *error = gtk_test_accessible_check_state(accessible, GTK_ACCESSIBLE_STATE_BUSY, busy);
  gboolean matches = error == NULL;
  g_free(error);
  return matches;
}

GtkWidget *
feedline_label_new_with_role(GtkAccessibleRole role)
{
  return g_object_new(GTK_TYPE_LABEL, "accessible-role", role, NULL);
}

typedef void (*AnnounceFunc)(GtkAccessible *, const char *, int);

static AnnounceFunc
announce_func(void)
{
  static gsize initialized = 0;
  static AnnounceFunc func = NULL;
  if (g_once_init_enter(&initialized))
    {
      func = (AnnounceFunc) dlsym(RTLD_DEFAULT, "gtk_accessible_announce");
      g_once_init_leave(&initialized, 1);
    }
  return func;
}

gboolean
feedline_announce_is_available(void)
{
  return announce_func() != NULL;
}

gboolean
feedline_accessible_announce(GtkAccessible *accessible, const char *message, int priority)
{
  AnnounceFunc func = announce_func();
  if (func == NULL)
    return FALSE;
  func(accessible, message, priority);
  return TRUE;
}

/* --- Inline pictures (custom emoji) ---------------------------------------- */

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

void
feedline_object_set_string(gpointer object, const char *property, const char *value)
{
  g_object_set(object, property, value, NULL);
}

void
feedline_object_set_double(gpointer object, const char *property, double value)
{
  g_object_set(object, property, value, NULL);
}

GtkWidget *
feedline_link_anchor_new(void)
{
  GtkWidget *anchor = g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_LINK, NULL);
  gtk_widget_set_focusable(anchor, TRUE);
  return anchor;
}
