/*
 * Accessible names, descriptions, states and roles, and announcements.
 *
 * gtk_accessible_update_property/state and g_object_new are variadic, so
 * each setter here fixes one property or state. gtk_accessible_announce
 * (GTK 4.14+) is looked up once at run time, so the same build runs on 4.8.
 *
 * The rule it keeps: GTK copies every string it is given (the caller keeps
 * its own); a new label is floating, for the caller to sink. Nothing here
 * reads accessible values back: checks for tests live in the tests' own C
 * target (Tests/CGtkTestSupport), not in the app.
 */
#include "Accessibility.h"

#include <dlfcn.h>

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
