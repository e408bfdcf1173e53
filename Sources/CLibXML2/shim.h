// libxml2 as FeedCore's XML reader sees it: `pkg-config libxml-2.0`.
//
// Debian builds libxml2 with ICU, whose headers clash with the copy of ICU
// inside Swift's Foundation. Nothing here uses libxml2's ICU converters
// (FeedCore hands libxml2 UTF-8 only), so their declarations are left out;
// they are pointers inside libxml2's structures, which keep their layout.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/HTMLparser.h>
#include <libxml/xmlerror.h>
