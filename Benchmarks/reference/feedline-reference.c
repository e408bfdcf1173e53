/* feedline-reference: Feedline's rows in a plain GtkListView, in C.
 *
 * The yardstick for feedline-bench: the same row (a bold title on up to 3
 * lines, a summary on up to 2, a one-line byline, with a hidden warning
 * label and a hidden button, as Feedline's row has), the same synthetic
 * text (SyntheticFeedSource.item in FeedlineBench makes item N the same way),
 * the same CSS and window size, the same scroll by the frame clock. No
 * network: pages of 20 are appended the moment less than 1.5 screens is
 * left below (the splices Feedline makes), so what is measured is GTK's
 * own cost. Whatever feedline-bench measures above this is the
 * cost of Swift and of Feedline's layers.
 *
 *   feedline-reference [--items N] [--speed PX_PER_S] [--rows N]
 *
 * Prints one JSON object: time to the first row on screen, frame intervals
 * and main-thread CPU time per frame while scrolling `rows` rows, and the
 * resident memory once `items` items are in the model.
 */

#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define PAGE_SIZE 20

/* An item: three strings, as plain as it gets. */
#define REF_TYPE_ITEM (ref_item_get_type ())
G_DECLARE_FINAL_TYPE (RefItem, ref_item, REF, ITEM, GObject)

struct _RefItem {
  GObject parent_instance;
  char *title, *summary, *byline;
};

G_DEFINE_TYPE (RefItem, ref_item, G_TYPE_OBJECT)

static void
ref_item_finalize (GObject *object)
{
  RefItem *self = REF_ITEM (object);
  g_free (self->title);
  g_free (self->summary);
  g_free (self->byline);
  G_OBJECT_CLASS (ref_item_parent_class)->finalize (object);
}

static void ref_item_class_init (RefItemClass *klass) { G_OBJECT_CLASS (klass)->finalize = ref_item_finalize; }
static void ref_item_init (RefItem *self) { (void) self; }

static const char *words[] = { "lists", "scrolling", "pages", "widgets", "feeds", "models", "frames", "latency",
                               "memory", "layout", "toolkit", "rows" };
static const char *summaries[] = {
  "A short summary that fits on one line.",
  "A longer summary that goes on for a while, long enough to wrap onto a second line in a window of the usual width.",
  "Medium length: a sentence or so about what the item says.",
  "One more summary, with a few words more than the first one.",
};

/* Item `index`, as SyntheticFeedSource.item makes it. */
static RefItem *
make_item (int index)
{
  RefItem *item = g_object_new (REF_TYPE_ITEM, NULL);
  item->title = g_strdup_printf ("Item %d: %s %s", index + 1, words[index % 12], words[(index * 7 + 3) % 12]);
  item->summary = g_strdup (summaries[index % 4]);
  GDateTime *date = g_date_time_new_from_unix_utc (1700000000 - (gint64) index * 600);
  char *day = g_date_time_format (date, "%-d %b %Y");
  item->byline = g_strdup_printf ("Author %d · %s", index % 17 + 1, day);
  g_free (day);
  g_date_time_unref (date);
  return item;
}

static void
append_items (GListStore *store, int from, int count)
{
  GPtrArray *items = g_ptr_array_new_with_free_func (g_object_unref);
  for (int i = from; i < from + count; i++)
    g_ptr_array_add (items, make_item (i));
  g_list_store_splice (store, g_list_model_get_n_items (G_LIST_MODEL (store)), 0, items->pdata, items->len);
  g_ptr_array_unref (items);
}

/* The row, as FeedRow builds it. */
static int rows_made;

static GtkWidget *
wrapped_label (int lines)
{
  GtkWidget *label = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_lines (GTK_LABEL (label), lines);
  gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_END);
  return label;
}

static void
setup_row (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
  (void) factory; (void) data;
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  gtk_widget_add_css_class (box, "feed-row");
  GtkWidget *title = wrapped_label (3);
  gtk_widget_add_css_class (title, "feed-row-title");
  GtkWidget *warning = wrapped_label (2);
  gtk_widget_set_visible (warning, FALSE);
  GtkWidget *button = gtk_button_new_with_label ("Show Post");
  gtk_widget_set_visible (button, FALSE);
  GtkWidget *summary = wrapped_label (2);
  GtkWidget *byline = gtk_label_new (NULL);
  gtk_label_set_xalign (GTK_LABEL (byline), 0);
  gtk_label_set_ellipsize (GTK_LABEL (byline), PANGO_ELLIPSIZE_END);
  gtk_widget_add_css_class (byline, "caption");
  gtk_widget_add_css_class (byline, "dim-label");
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), warning);
  gtk_box_append (GTK_BOX (box), button);
  gtk_box_append (GTK_BOX (box), summary);
  gtk_box_append (GTK_BOX (box), byline);
  gtk_list_item_set_child (list_item, box);
  rows_made++;
}

static void
bind_row (GtkSignalListItemFactory *factory, GtkListItem *list_item, gpointer data)
{
  (void) factory; (void) data;
  RefItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *title = gtk_widget_get_first_child (gtk_list_item_get_child (list_item));
  GtkWidget *summary = gtk_widget_get_next_sibling (gtk_widget_get_next_sibling (gtk_widget_get_next_sibling (title)));
  gtk_label_set_text (GTK_LABEL (title), item->title);
  gtk_label_set_text (GTK_LABEL (summary), item->summary);
  gtk_label_set_text (GTK_LABEL (gtk_widget_get_next_sibling (summary)), item->byline);
}

/* Measuring. */
static double
clock_seconds (clockid_t clock)
{
  struct timespec time;
  clock_gettime (clock, &time);
  return time.tv_sec + time.tv_nsec / 1e9;
}

static double
seconds_since_start (void)
{
  char buffer[1024];
  FILE *file = fopen ("/proc/self/stat", "r");
  if (!file)
    return 0;
  size_t length = fread (buffer, 1, sizeof buffer - 1, file);
  fclose (file);
  buffer[length] = 0;
  char *field = strrchr (buffer, ')');
  /* Field 22 (starttime) is the 20th after "(comm)". */
  for (int i = 0; field && i < 20; i++)
    field = strchr (field + 1, ' ');
  if (!field)
    return 0;
  return clock_seconds (CLOCK_BOOTTIME) - strtod (field + 1, NULL) / sysconf (_SC_CLK_TCK);
}

static long
resident_kb (void)
{
  char line[256];
  long kb = 0;
  FILE *file = fopen ("/proc/self/status", "r");
  while (file && fgets (line, sizeof line, file))
    if (strncmp (line, "VmRSS:", 6) == 0)
      kb = strtol (line + 6, NULL, 10);
  if (file)
    fclose (file);
  return kb;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

static void
print_percentiles (const char *name, GArray *values)
{
  g_array_sort (values, compare_doubles);
  double *v = (double *) values->data;
  int n = values->len;
#define AT(f) (n ? v[(int) ((n - 1) * (f) + 0.5)] * 1000 : 0)
  printf ("\"%s\":{\"p50\":%.4f,\"p95\":%.4f,\"p99\":%.4f,\"max\":%.4f},", name, AT (0.5), AT (0.95), AT (0.99),
          n ? v[n - 1] * 1000 : 0);
#undef AT
}

typedef struct {
  GtkWidget *window;
  GtkAdjustment *adjustment;
  GListStore *store;
  int items, rows;
  double speed;
  double first_row;
  gint64 last_frame;
  double last_cpu, scrolled;
  GArray *intervals, *busy;
  long rss_at_end;
} Run;

static gboolean
load_for_memory (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  (void) widget; (void) clock;
  Run *run = data;
  int loaded = g_list_model_get_n_items (G_LIST_MODEL (run->store));
  if (loaded < run->items)
    {
      append_items (run->store, loaded, MIN (1000, run->items - loaded));
      return G_SOURCE_CONTINUE;
    }
  run->rss_at_end = resident_kb ();
  gtk_window_destroy (GTK_WINDOW (run->window));
  return G_SOURCE_REMOVE;
}

static gboolean
scroll_frame (GtkWidget *widget, GdkFrameClock *clock, gpointer data)
{
  Run *run = data;
  gint64 now = gdk_frame_clock_get_frame_time (clock);
  double cpu = clock_seconds (CLOCK_THREAD_CPUTIME_ID);
  if (run->first_row == 0)
    {
      run->first_row = seconds_since_start ();
      run->last_frame = now;
      run->last_cpu = cpu;
      return G_SOURCE_CONTINUE;
    }
  double interval = (now - run->last_frame) / 1e6;
  double busy = cpu - run->last_cpu;
  g_array_append_val (run->intervals, interval);
  g_array_append_val (run->busy, busy);
  run->last_frame = now;
  run->last_cpu = cpu;

  GtkAdjustment *adjustment = run->adjustment;
  double bottom = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment);
  double step = MIN (run->speed * interval, MAX (0, bottom - gtk_adjustment_get_value (adjustment)));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_value (adjustment) + step);
  run->scrolled += step;
  int n = g_list_model_get_n_items (G_LIST_MODEL (run->store));
  /* Pages of 20 as the content below runs under 1.5 screens, at once (no
   * latency): the splices Feedline makes, without its paging. */
  double below = gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_value (adjustment)
                 - gtk_adjustment_get_page_size (adjustment);
  if (below < 1.5 * gtk_adjustment_get_page_size (adjustment) && n < run->items)
    append_items (run->store, n, MIN (PAGE_SIZE, run->items - n));
  double row_height = gtk_adjustment_get_upper (adjustment) / MAX (1, n);
  if (run->scrolled / row_height < run->rows && (step > 0 || n < run->items))
    return G_SOURCE_CONTINUE;
  /* Scrolled far enough: now fill the model for the memory figure. */
  gtk_widget_add_tick_callback (widget, load_for_memory, run, NULL);
  return G_SOURCE_REMOVE;
}

static void
activate (GtkApplication *app, gpointer data)
{
  Run *run = data;
  GtkCssProvider *css = gtk_css_provider_new ();
  gtk_css_provider_load_from_data (css,
      ".feed-row { padding: 10px 16px 12px 16px; } .feed-row-title { font-weight: bold; }", -1);
  gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  g_object_unref (css);

  run->store = g_list_store_new (REF_TYPE_ITEM);
  append_items (run->store, 0, MIN (run->items, PAGE_SIZE));
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), NULL);
  GtkWidget *list = gtk_list_view_new (GTK_SELECTION_MODEL (gtk_no_selection_new (G_LIST_MODEL (g_object_ref (run->store)))),
                                       factory);
  gtk_list_view_set_show_separators (GTK_LIST_VIEW (list), TRUE);
  GtkWidget *scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), list);
  run->adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));

  run->window = gtk_application_window_new (app);
  gtk_window_set_title (GTK_WINDOW (run->window), "Feedline reference");
  gtk_window_set_default_size (GTK_WINDOW (run->window), 640, 800);
  gtk_window_set_titlebar (GTK_WINDOW (run->window), gtk_header_bar_new ());
  gtk_window_set_child (GTK_WINDOW (run->window), scroller);
  gtk_widget_add_tick_callback (list, scroll_frame, run, NULL);
  gtk_window_present (GTK_WINDOW (run->window));
}

int
main (int argc, char **argv)
{
  Run run = { .items = 100000, .rows = 500, .speed = 2000 };
  for (int i = 1; i < argc; i++)
    {
      if (i + 1 < argc && strcmp (argv[i], "--items") == 0)
        run.items = atoi (argv[++i]);
      else if (i + 1 < argc && strcmp (argv[i], "--rows") == 0)
        run.rows = atoi (argv[++i]);
      else if (i + 1 < argc && strcmp (argv[i], "--speed") == 0)
        run.speed = atof (argv[++i]);
      else
        {
          fprintf (stderr, "usage: %s [--items N] [--speed PX_PER_S] [--rows N]\n", argv[0]);
          return 2;
        }
    }
  if (run.items < 1 || run.rows < 1 || run.speed <= 0)
    {
      fprintf (stderr, "feedline-reference: --items, --rows and --speed must be positive\n");
      return 2;
    }
  run.intervals = g_array_new (FALSE, FALSE, sizeof (double));
  run.busy = g_array_new (FALSE, FALSE, sizeof (double));
  GtkApplication *app = gtk_application_new ("io.github.feedline.Reference", G_APPLICATION_NON_UNIQUE);
  g_signal_connect (app, "activate", G_CALLBACK (activate), &run);
  int status = g_application_run (G_APPLICATION (app), 1, argv);
  g_object_unref (app);
  if (status != 0)
    return status;

  printf ("{\"time_to_first_row_ms\":%.3f,", run.first_row * 1000);
  printf ("\"frames\":%u,", run.intervals->len);
  print_percentiles ("frame_interval_ms", run.intervals);
  print_percentiles ("frame_busy_ms", run.busy);
  printf ("\"rows\":%d,\"items\":%d,\"row_widgets\":%d,\"rss_kb_at_end\":%ld}\n", run.rows, run.items, rows_made,
          run.rss_at_end);
  g_array_unref (run.intervals);
  g_array_unref (run.busy);
  return 0;
}
