/*
 * Pictures inside a label's text (custom emoji), drawn by PangoCairo's
 * shape renderer. See InlinePictures.c for who holds the textures.
 */
#pragma once
#include <gtk/gtk.h>

/* Draws pictures inside a label's text, as if they were glyphs: each of the
 * `count` U+FFFC characters at UTF-8 byte `offsets` becomes a square as tall
 * as a line of the label's font, sitting on the baseline and showing
 * textures[i] scaled to fit (NULL: the same square, empty, so nothing moves
 * when the picture arrives). Wrapping and ellipsizing treat each as one
 * character. Replaces the label's attributes; count 0 removes them. The
 * label's layout holds a reference to each texture it draws. */
void feedline_label_set_inline_pictures(GtkLabel *label, const int *offsets, GdkTexture *const *textures, int count);
