#pragma once
#include <gio/gio.h>

/* A GNetworkMonitor whose network a test switches off and on, emitting
 * "network-changed" as the system's monitors do. Starts available.
 * Returns a full reference. */
gpointer feedline_test_network_new(void);
void feedline_test_network_set_available(gpointer network, gboolean available);
