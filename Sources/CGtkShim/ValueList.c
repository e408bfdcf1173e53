/*
 * A list model of Swift values, for GtkListView and GtkGridView.
 *
 * FeedlineValue is a GObject holding one Swift pointer in its own instance
 * (no qdata allocation per item); FeedlineValueList is a GListModel over a
 * GPtrArray of them (a pointer per item, O(1) lookups).
 *
 * The rules it keeps: a FeedlineValue owns its pointer and hands it to its
 * `release` function when the pointer is replaced and when the object is
 * finalized (Swift passes a retained box and releases it there). The list
 * holds one reference to each item it contains: splice refs the additions
 * before it unrefs the removals (an addition may be a removed item), and
 * get_item returns a new reference, as GListModel asks.
 */
#include "ValueList.h"

#include <string.h>

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
