/*
 * CGtkTestSupport: C the tests need and the app must not ship. Only test
 * targets (through GtkKitTestSupport) depend on it:
 *
 *   AccessibleChecks  whether GTK holds exactly an accessible property or
 *                     state (run the tests with GTK_A11Y=test)
 *   AccessibleText    the value of an accessible property, to read every
 *                     name in a window (the pseudo-locale test)
 *   LocalClipboard    the text this process put on the clipboard
 *   TestNetwork       a network monitor a test switches off and on
 */
#pragma once
#include <gtk/gtk.h>

#include "AccessibleChecks.h"
#include "AccessibleText.h"
#include "LocalClipboard.h"
#include "TestNetwork.h"
