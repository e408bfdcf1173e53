/*
 * A list model of Swift values: FeedlineValue (a GObject carrying one
 * pointer for Swift) and FeedlineValueList (a GListModel of them in an
 * array). See ValueList.c for the ownership rules.
 */
#pragma once
#include <gio/gio.h>

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
