/*
 * What screen readers are told: accessible properties, states and roles
 * (gtk_accessible_update_* and g_object_new are variadic) and
 * announcements. See Accessibility.c for the rule it keeps.
 */
#pragma once
#include <gtk/gtk.h>

void feedline_accessible_set_label(GtkAccessible *accessible, const char *label);
/* The label, and not also the names of the widget's mnemonic labels: GTK 4.8
 * joins both ("_Retry" reads "Retry Retry"). */
void feedline_accessible_set_sole_label(GtkAccessible *accessible, const char *label);
void feedline_accessible_set_description(GtkAccessible *accessible, const char *description);
void feedline_accessible_reset_description(GtkAccessible *accessible);
void feedline_accessible_set_busy(GtkAccessible *accessible, gboolean busy);
void feedline_accessible_set_hidden(GtkAccessible *accessible, gboolean hidden);

/* A GtkLabel with a chosen accessible role (construct-only property). */
GtkWidget *feedline_label_new_with_role(GtkAccessibleRole role);

/* gtk_accessible_announce (GTK 4.14+), found at run time so one build works on
 * 4.8 and uses the real thing on newer GTKs. Returns FALSE when the running
 * GTK has no announcements; then nothing is sent. priority: 0 low, 1 medium,
 * 2 high (GtkAccessibleAnnouncementPriority). */
gboolean feedline_announce_is_available(void);
gboolean feedline_accessible_announce(GtkAccessible *accessible, const char *message, int priority);
