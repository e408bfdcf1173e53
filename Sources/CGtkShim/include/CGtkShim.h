/*
 * CGtkShim: what Swift cannot call in GTK and GLib by itself.
 *
 * Kept deliberately small. Each function here stands in for a C macro or a
 * variadic function, or is the one piece of glue (the dispatch main-queue
 * watch) that has to be C. Everything else is called from Swift directly.
 */
#pragma once
#include <gtk/gtk.h>

/* --- Main loop ----------------------------------------------------------- */

/* Lets GLib's main loop run the dispatch main queue (and so the Swift main
 * actor): watches the queue's wake-up eventfd and drains the queue when it
 * fires. Costs nothing while idle. Returns the GLib source id. Call once, on
 * the main thread, before g_application_run (or before pumping GLib). */
guint feedline_main_queue_attach(void);

/* --- List items ---------------------------------------------------------- */

/* A GObject that carries one pointer for Swift (a list item's value), in
 * its own instance: lists of 100,000 items pay no qdata allocation per
 * item. `release` (may be NULL) gets the pointer when it is replaced and
 * when the object is finalized. */
typedef void (*FeedlineValueRelease)(gpointer value);
#define FEEDLINE_TYPE_VALUE (feedline_value_get_type())
G_DECLARE_FINAL_TYPE(FeedlineValue, feedline_value, FEEDLINE, VALUE, GObject)
FeedlineValue *feedline_value_new(gpointer value, FeedlineValueRelease release);
gpointer feedline_value_get(FeedlineValue *self);
void feedline_value_set(FeedlineValue *self, gpointer value);

/* A GListModel of FeedlineValues in an array: a pointer per item (GListStore
 * spends a tree node), O(1) lookups. Splice takes its own references to
 * `additions` and emits one items-changed. */
#define FEEDLINE_TYPE_VALUE_LIST (feedline_value_list_get_type())
G_DECLARE_FINAL_TYPE(FeedlineValueList, feedline_value_list, FEEDLINE, VALUE_LIST, GObject)
FeedlineValueList *feedline_value_list_new(void);
void feedline_value_list_splice(FeedlineValueList *self, guint position, guint n_removals,
                                FeedlineValue *const *additions, guint n_additions);

/* --- Images ---------------------------------------------------------------- */

/* Decodes `data` (anything gdk-pixbuf reads: PNG, JPEG, GIF, WebP with its
 * loader...) into a texture no larger than max_width × max_height, aspect
 * kept, never enlarged. An image of more than max_pixels pixels is refused
 * from its header, before any pixel memory. Safe on any thread. Returns NULL
 * and a message to free in *message when the image is too large, truncated,
 * corrupt or not an image. */
GdkTexture *feedline_decode_image(const guint8 *data, gsize length, int max_width, int max_height,
                                  gint64 max_pixels, int *width, int *height, char **message);

/* --- Signals (g_signal_emit_by_name is variadic) ---------------------------- */

/* Emits "clicked" on a button at once, as its AT-SPI click action does. */
void feedline_button_emit_clicked(GtkButton *button);

/* --- Properties (g_object_get/set are variadic) ---------------------------- */

void feedline_object_set_int(gpointer object, const char *property, int value);
int feedline_object_get_int(gpointer object, const char *property);
void feedline_object_set_boolean(gpointer object, const char *property, gboolean value);
gboolean feedline_object_get_boolean(gpointer object, const char *property);

/* --- Clipboard ------------------------------------------------------------ */

/* The text this process put on the clipboard, or NULL (free it). Reads only
 * local content: no main-loop round trip, for checks and tests. */
char *feedline_clipboard_local_text(GdkClipboard *clipboard);

/* --- Accessibility (variadic in GTK) -------------------------------------- */

void feedline_accessible_set_label(GtkAccessible *accessible, const char *label);
/* The label, and not also the names of the widget's mnemonic labels: GTK 4.8
 * joins both ("_Retry" reads "Retry Retry"). */
void feedline_accessible_set_sole_label(GtkAccessible *accessible, const char *label);
void feedline_accessible_set_description(GtkAccessible *accessible, const char *description);
void feedline_accessible_reset_description(GtkAccessible *accessible);
void feedline_accessible_set_busy(GtkAccessible *accessible, gboolean busy);
void feedline_accessible_set_hidden(GtkAccessible *accessible, gboolean hidden);

/* Checks for tests, run with GTK_A11Y=test (gtk_test_accessible_check_* are
 * variadic): TRUE when the property or state has exactly this value. */
gboolean feedline_accessible_string_is(GtkAccessible *accessible, GtkAccessibleProperty property, const char *value);
gboolean feedline_accessible_busy_is(GtkAccessible *accessible, gboolean busy);

/* A GtkLabel with a chosen accessible role (construct-only property). */
GtkWidget *feedline_label_new_with_role(GtkAccessibleRole role);

/* gtk_accessible_announce (GTK 4.14+), found at run time so one build works on
 * 4.8 and uses the real thing on newer GTKs. Returns FALSE when the running
 * GTK has no announcements; then nothing is sent. priority: 0 low, 1 medium,
 * 2 high (GtkAccessibleAnnouncementPriority). */
gboolean feedline_announce_is_available(void);
gboolean feedline_accessible_announce(GtkAccessible *accessible, const char *message, int priority);

/* --- Inline pictures (custom emoji) ---------------------------------------- */

/* Draws pictures inside a label's text, as if they were glyphs: each of the
 * `count` U+FFFC characters at UTF-8 byte `offsets` becomes a square as tall
 * as a line of the label's font, sitting on the baseline and showing
 * textures[i] scaled to fit (NULL: the same square, empty, so nothing moves
 * when the picture arrives). Wrapping and ellipsizing treat each as one
 * character. Replaces the label's attributes; count 0 removes them. The
 * label's layout holds a reference to each texture it draws. */
void feedline_label_set_inline_pictures(GtkLabel *label, const int *offsets, GdkTexture *const *textures, int count);

/* --- Rich text (the reader's text view) ------------------------------------- */

/* String and double properties (g_object_set is variadic): text tags'
 * "family", "foreground", "paragraph-background", "scale". */
void feedline_object_set_string(gpointer object, const char *property, const char *value);
void feedline_object_set_double(gpointer object, const char *property, double value);

/* A focusable widget of no size whose accessible role is LINK: put before a
 * link's text in a text view, it is where keyboard focus and screen readers
 * stop for the link (GTK 4.8 exposes text-view links in no other way). */
GtkWidget *feedline_link_anchor_new(void);
