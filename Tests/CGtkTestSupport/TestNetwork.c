/* TestNetwork: a GNetworkMonitor for tests, which cannot pull the
 * computer's cable. It implements GIO's interface as the system's monitors
 * do (the "network-available" property, "network-changed" when it moves),
 * so the app's code under test is the same GIO path. Rule: the caller owns
 * the one reference feedline_test_network_new returns. */
#include "TestNetwork.h"

typedef struct {
  GObject parent;
  gboolean available;
} FeedlineTestNetwork;

typedef struct {
  GObjectClass parent;
} FeedlineTestNetworkClass;

enum { PROP_0, PROP_NETWORK_AVAILABLE, PROP_NETWORK_METERED, PROP_CONNECTIVITY };

static void feedline_test_network_monitor_init (GNetworkMonitorInterface *iface);
static void feedline_test_network_initable_init (GInitableIface *iface);

G_DEFINE_TYPE_WITH_CODE (FeedlineTestNetwork, feedline_test_network, G_TYPE_OBJECT,
                         G_IMPLEMENT_INTERFACE (G_TYPE_INITABLE, feedline_test_network_initable_init)
                         G_IMPLEMENT_INTERFACE (G_TYPE_NETWORK_MONITOR, feedline_test_network_monitor_init))

static void
get_property (GObject *object, guint id, GValue *value, GParamSpec *pspec)
{
  FeedlineTestNetwork *self = (FeedlineTestNetwork *) object;
  switch (id)
    {
    case PROP_NETWORK_AVAILABLE: g_value_set_boolean (value, self->available); break;
    case PROP_NETWORK_METERED: g_value_set_boolean (value, FALSE); break;
    case PROP_CONNECTIVITY:
      g_value_set_enum (value, self->available ? G_NETWORK_CONNECTIVITY_FULL : G_NETWORK_CONNECTIVITY_LOCAL);
      break;
    default: G_OBJECT_WARN_INVALID_PROPERTY_ID (object, id, pspec);
    }
}

static gboolean
initable_init (GInitable *initable, GCancellable *cancellable, GError **error)
{
  return TRUE;
}

static void feedline_test_network_initable_init (GInitableIface *iface) { iface->init = initable_init; }
static void feedline_test_network_monitor_init (GNetworkMonitorInterface *iface) {}
static void feedline_test_network_init (FeedlineTestNetwork *self) { self->available = TRUE; }

static void
feedline_test_network_class_init (FeedlineTestNetworkClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  object_class->get_property = get_property;
  g_object_class_override_property (object_class, PROP_NETWORK_AVAILABLE, "network-available");
  g_object_class_override_property (object_class, PROP_NETWORK_METERED, "network-metered");
  g_object_class_override_property (object_class, PROP_CONNECTIVITY, "connectivity");
}

gpointer
feedline_test_network_new (void)
{
  return g_object_new (feedline_test_network_get_type (), NULL);
}

void
feedline_test_network_set_available (gpointer network, gboolean available)
{
  FeedlineTestNetwork *self = network;
  if (self->available == available)
    return;
  self->available = available;
  g_object_notify (G_OBJECT (self), "network-available");
  g_object_notify (G_OBJECT (self), "connectivity");
  g_signal_emit_by_name (self, "network-changed", available);
}
