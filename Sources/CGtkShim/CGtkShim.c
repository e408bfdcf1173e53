#include "CGtkShim.h"

#include <dlfcn.h>
#include <glib-unix.h>
#include <stdint.h>
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

GType
feedline_type_object(void)
{
  return G_TYPE_OBJECT;
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
