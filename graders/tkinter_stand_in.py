"""A headless stand-in for ``tkinter``, put beside a copy in the grader's sandbox as ``tkinter.py``
when a course's own modules import tkinter (standard library only; never imported by the grader).

Some courses' tests import the course's GUI module (Fall 2019's ``hog_gui.py``) for its pure
helpers, such as ``trace_play``; that module builds its window classes on tkinter's when it is
imported. The sandbox has no display and no Tk, so this module offers tkinter's names: widget
classes and variables that take any arguments, and its constants. Opening a window raises
``TclError``, as tkinter does where there is no display.
"""

TkVersion = TclVersion = 8.6
NO = FALSE = OFF = 0
YES = TRUE = ON = 1
N, S, W, E, NW, SW, NE, SE = "n", "s", "w", "e", "nw", "sw", "ne", "se"
NS, EW, NSEW, CENTER, NONE, X, Y, BOTH = "ns", "ew", "nsew", "center", "none", "x", "y", "both"
LEFT, TOP, RIGHT, BOTTOM = "left", "top", "right", "bottom"
RAISED, SUNKEN, FLAT, RIDGE, GROOVE, SOLID = "raised", "sunken", "flat", "ridge", "groove", "solid"
HORIZONTAL, VERTICAL, NUMERIC, CHAR, WORD, BASELINE = "horizontal", "vertical", "numeric", "char", "word", "baseline"
INSIDE, OUTSIDE, SEL, SEL_FIRST, SEL_LAST = "inside", "outside", "sel", "sel.first", "sel.last"
END, INSERT, CURRENT, ANCHOR, ALL = "end", "insert", "current", "anchor", "all"
NORMAL, DISABLED, ACTIVE, HIDDEN = "normal", "disabled", "active", "hidden"
CASCADE, CHECKBUTTON, COMMAND, RADIOBUTTON, SEPARATOR = "cascade", "checkbutton", "command", "radiobutton", "separator"
SINGLE, BROWSE, MULTIPLE, EXTENDED = "single", "browse", "multiple", "extended"
DOTBOX, UNDERLINE, PIESLICE, CHORD, ARC = "dotbox", "underline", "pieslice", "chord", "arc"
FIRST, LAST, BUTT, PROJECTING, ROUND, BEVEL, MITER = "first", "last", "butt", "projecting", "round", "bevel", "miter"
MOVETO, SCROLL, UNITS, PAGES = "moveto", "scroll", "units", "pages"


class TclError(Exception):
    """What tkinter raises when Tk cannot run (here: always, for a window)."""


class Misc:
    """The base of every stand-in widget: takes any arguments; its methods do nothing."""

    def __init__(self, *args, **kwargs):
        self.options = dict(kwargs)

    def _nothing(self, *args, **kwargs):
        return self

    pack = grid = place = config = configure = bind = after = destroy = update = _nothing
    insert = delete = see = focus_set = title = minsize = geometry = protocol = quit = _nothing

    def mainloop(self, n=0):
        raise TclError("no display: the grader's sandbox has none")

    def cget(self, key):
        return self.options.get(key, "")


class Widget(Misc):
    """A widget that is never drawn."""


class Tk(Misc):
    """A window: there is none here."""

    def __init__(self, *args, **kwargs):
        raise TclError("no display name and no $DISPLAY environment variable")


class Variable:
    """A tkinter variable: holds a value."""

    _default = ""

    def __init__(self, master=None, value=None, name=None):
        self._value = self._default if value is None else value

    def get(self):
        return self._value

    def set(self, value):
        self._value = value


class StringVar(Variable):
    """A string variable."""


class IntVar(Variable):
    """An int variable."""

    _default = 0


class DoubleVar(Variable):
    """A float variable."""

    _default = 0.0


class BooleanVar(Variable):
    """A bool variable."""

    _default = False


class Toplevel(Tk):
    """Another window: there is none here."""


class Frame(Widget):
    """A stand-in Frame."""


class Label(Widget):
    """A stand-in Label."""


class Button(Widget):
    """A stand-in Button."""


class Canvas(Widget):
    """A stand-in Canvas."""


class Entry(Widget):
    """A stand-in Entry."""


class Text(Widget):
    """A stand-in Text."""


class Listbox(Widget):
    """A stand-in Listbox."""


class Scrollbar(Widget):
    """A stand-in Scrollbar."""


class Scale(Widget):
    """A stand-in Scale."""


class Spinbox(Widget):
    """A stand-in Spinbox."""


class Checkbutton(Widget):
    """A stand-in Checkbutton."""


class Radiobutton(Widget):
    """A stand-in Radiobutton."""


class Menu(Widget):
    """A stand-in Menu."""


class Menubutton(Widget):
    """A stand-in Menubutton."""


class Message(Widget):
    """A stand-in Message."""


class LabelFrame(Widget):
    """A stand-in LabelFrame."""


class PanedWindow(Widget):
    """A stand-in PanedWindow."""


class OptionMenu(Widget):
    """A stand-in OptionMenu."""


class PhotoImage(Misc):
    """A stand-in image."""


class BitmapImage(Misc):
    """A stand-in image."""


class Event:
    """A stand-in event."""


def mainloop(n=0):
    """There is no window to run."""
    raise TclError("no display: the grader's sandbox has none")


__all__ = [name for name in dir() if not name.startswith("_")]
