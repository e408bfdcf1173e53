/*
 * A list model that makes its items when a view asks for them, for lists
 * longer than what a program should keep: a million stored items cost
 * nothing here until their rows are shown.
 *
 * The rules it keeps: the list counts its items and holds no reference to
 * any. get_item returns the object made for that position if one is still
 * alive (so a position keeps its object while a row shows it, and Swift
 * can change that object's value in place: `peek`), else asks `make` for
 * a new one, whose reference it hands on, as GListModel asks. Alive is
 * tracked with weak references, and the positions recorded move with each
 * splice: items after the change shift, items inside it are forgotten.
 * `destroy` gets `data` when the list is finalized.
 */
#include "LazyList.h"

typedef struct {
  GObject *object;
  guint position;
} Alive;

struct _FeedlineLazyList {
  GObject parent_instance;
  guint n_items;
  FeedlineLazyMake make;
  gpointer data;
  GDestroyNotify destroy;
  GArray *alive; /* of Alive, in no order: as many as rows hold */
};

static GType
feedline_lazy_list_get_item_type(GListModel *model)
{
  (void) model;
  return FEEDLINE_TYPE_VALUE;
}

static guint
feedline_lazy_list_get_n_items(GListModel *model)
{
  return FEEDLINE_LAZY_LIST(model)->n_items;
}

/* An object made here was finalized: forget it. */
static void
forget_finalized(gpointer data, GObject *where_the_object_was)
{
  GArray *alive = FEEDLINE_LAZY_LIST(data)->alive;
  for (guint i = 0; i < alive->len; i++) {
    if (g_array_index(alive, Alive, i).object == where_the_object_was) {
      g_array_remove_index_fast(alive, i);
      return;
    }
  }
}

FeedlineValue *
feedline_lazy_list_peek(FeedlineLazyList *self, guint position)
{
  for (guint i = 0; i < self->alive->len; i++) {
    Alive *entry = &g_array_index(self->alive, Alive, i);
    if (entry->position == position)
      return FEEDLINE_VALUE(entry->object);
  }
  return NULL;
}

static gpointer
feedline_lazy_list_get_item(GListModel *model, guint position)
{
  FeedlineLazyList *self = FEEDLINE_LAZY_LIST(model);
  if (position >= self->n_items)
    return NULL;
  FeedlineValue *existing = feedline_lazy_list_peek(self, position);
  if (existing != NULL)
    return g_object_ref(existing);
  FeedlineValue *value = self->make(self->data, position);
  if (value == NULL)
    return NULL;
  g_object_weak_ref(G_OBJECT(value), forget_finalized, self);
  Alive entry = { G_OBJECT(value), position };
  g_array_append_val(self->alive, entry);
  return value;
}

static void
feedline_lazy_list_model_init(GListModelInterface *iface)
{
  iface->get_item_type = feedline_lazy_list_get_item_type;
  iface->get_n_items = feedline_lazy_list_get_n_items;
  iface->get_item = feedline_lazy_list_get_item;
}

G_DEFINE_FINAL_TYPE_WITH_CODE(FeedlineLazyList, feedline_lazy_list, G_TYPE_OBJECT,
                              G_IMPLEMENT_INTERFACE(G_TYPE_LIST_MODEL, feedline_lazy_list_model_init))

static void
feedline_lazy_list_finalize(GObject *object)
{
  FeedlineLazyList *self = FEEDLINE_LAZY_LIST(object);
  for (guint i = 0; i < self->alive->len; i++)
    g_object_weak_unref(g_array_index(self->alive, Alive, i).object, forget_finalized, self);
  g_array_unref(self->alive);
  if (self->destroy != NULL)
    self->destroy(self->data);
  G_OBJECT_CLASS(feedline_lazy_list_parent_class)->finalize(object);
}

static void
feedline_lazy_list_class_init(FeedlineLazyListClass *klass)
{
  G_OBJECT_CLASS(klass)->finalize = feedline_lazy_list_finalize;
}

static void
feedline_lazy_list_init(FeedlineLazyList *self)
{
  self->alive = g_array_new(FALSE, FALSE, sizeof(Alive));
}

FeedlineLazyList *
feedline_lazy_list_new(FeedlineLazyMake make, gpointer data, GDestroyNotify destroy)
{
  FeedlineLazyList *self = g_object_new(FEEDLINE_TYPE_LAZY_LIST, NULL);
  self->make = make;
  self->data = data;
  self->destroy = destroy;
  return self;
}

void
feedline_lazy_list_splice(FeedlineLazyList *self, guint position, guint removed, guint added)
{
  g_return_if_fail(position <= self->n_items && removed <= self->n_items - position);
  /* Downward, so that the entry moved into a removed one's place was seen. */
  for (guint i = self->alive->len; i-- > 0;) {
    Alive *entry = &g_array_index(self->alive, Alive, i);
    if (entry->position >= position + removed) {
      entry->position = entry->position - removed + added;
    } else if (entry->position >= position) {
      g_object_weak_unref(entry->object, forget_finalized, self);
      g_array_remove_index_fast(self->alive, i);
    }
  }
  self->n_items = self->n_items - removed + added;
  if (removed > 0 || added > 0)
    g_list_model_items_changed(G_LIST_MODEL(self), position, removed, added);
}

guint
feedline_lazy_list_n_alive(FeedlineLazyList *self)
{
  return self->alive->len;
}
