#!/usr/bin/python3
"""A desktop notification service for tests: owns
org.freedesktop.Notifications on the session bus (the test's own, from
build-aux/with-display.sh) and answers it as a desktop's would, so GLib's
GNotification goes through the real bus to it.

Prints one line a notification received ("notify ID<TAB>APP<TAB>SUMMARY<TAB>BODY<TAB>ACTIONS"),
after "ready" once the name is owned. Reads commands on standard input:
"click ID" emits ActionInvoked(ID, "default"), as clicking the
notification does; end of input stops it.

Debian's python3 with gi (python3-gi comes with python3-pyatspi).
"""

import sys

import gi

gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

INTERFACE = """
<node>
  <interface name="org.freedesktop.Notifications">
    <method name="Notify">
      <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
      <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/>
    </method>
    <method name="CloseNotification"><arg type="u" direction="in"/></method>
    <method name="GetCapabilities"><arg type="as" direction="out"/></method>
    <method name="GetServerInformation">
      <arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/>
      <arg type="s" direction="out"/>
    </method>
    <signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
    <signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
  </interface>
</node>
"""
PATH = "/org/freedesktop/Notifications"
NAME = "org.freedesktop.Notifications"

loop = GLib.MainLoop()
state = {"next": 1, "connection": None}


def say(line):
    print(line, flush=True)


def on_call(connection, sender, path, interface, method, parameters, invocation):
    if method == "Notify":
        app, replaces, _icon, summary, body, actions, _hints, _timeout = parameters.unpack()
        number = replaces or state["next"]
        state["next"] = max(state["next"], number) + 1
        say("notify %d\t%s\t%s\t%s\t%s" % (number, app, summary, body, ",".join(actions)))
        invocation.return_value(GLib.Variant("(u)", (number,)))
    elif method == "CloseNotification":
        (number,) = parameters.unpack()
        say("close %d" % number)
        invocation.return_value(None)
    elif method == "GetCapabilities":
        invocation.return_value(GLib.Variant("(as)", (["actions", "body"],)))
    elif method == "GetServerInformation":
        invocation.return_value(GLib.Variant("(ssss)", ("feedline-test", "Feedline", "1", "1.2")))


def on_bus(connection, _name):
    state["connection"] = connection
    info = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]
    connection.register_object(PATH, info, on_call, None, None)


def on_name(_connection, _name):
    say("ready")


def on_lost(_connection, _name):
    say("lost")
    loop.quit()


def on_input(channel, condition):
    line = channel.readline()
    if not line:
        loop.quit()
        return False
    words = line.split()
    if len(words) == 2 and words[0] == "click":
        state["connection"].emit_signal(None, PATH, NAME, "ActionInvoked",
                                        GLib.Variant("(us)", (int(words[1]), "default")))
        say("clicked %s" % words[1])
    return True


Gio.bus_own_name(Gio.BusType.SESSION, NAME, Gio.BusNameOwnerFlags.NONE, on_bus, on_name, on_lost)
channel = GLib.IOChannel.unix_new(sys.stdin.fileno())
GLib.io_add_watch(channel, GLib.PRIORITY_DEFAULT, GLib.IOCondition.IN | GLib.IOCondition.HUP, on_input)
loop.run()
