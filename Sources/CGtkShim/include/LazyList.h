/*
 * A list model that makes its items when a view asks for them:
 * FeedlineLazyList. See LazyList.c for the rules it keeps.
 */
#pragma once
#include <gio/gio.h>

#include "ValueList.h"

/* Makes a new FeedlineValue (the caller owns the reference) for the item at
 * `position`; NULL when there is none. */
typedef FeedlineValue *(*FeedlineLazyMake)(gpointer data, guint position);

/* A GListModel of FeedlineValues that knows its length and nothing else:
 * `make` gives an item when asked. The items still alive (a view's rows
 * hold them) are found again by position, with no reference of its own. */
#define FEEDLINE_TYPE_LAZY_LIST (feedline_lazy_list_get_type())
G_DECLARE_FINAL_TYPE(FeedlineLazyList, feedline_lazy_list, FEEDLINE, LAZY_LIST, GObject)
FeedlineLazyList *feedline_lazy_list_new(FeedlineLazyMake make, gpointer data, GDestroyNotify destroy);
/* `removed` items at `position` are gone and `added` came there: the
 * length changes and views are told, with one items-changed. */
void feedline_lazy_list_splice(FeedlineLazyList *self, guint position, guint removed, guint added);
/* The item made for `position` that is still alive, or NULL (borrowed). */
FeedlineValue *feedline_lazy_list_peek(FeedlineLazyList *self, guint position);
/* How many items made are still alive. */
guint feedline_lazy_list_n_alive(FeedlineLazyList *self);
