"""A plot's Chinese texts are drawn in a font that has their characters; the default font keeps the rest."""

from __future__ import annotations

import warnings

import matplotlib
import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from course_lib.i18n import MessageTable, set_language
from course_lib.ui.plot_text import installed_cjk_fonts, plot_text, use_cjk_fallback

AXIS = MessageTable("test_plot_text", {"en": {"time": "time per call [µs]"}, "zh": {"time": "每次调用耗时 [µs]"}})


def draw(title: str) -> None:
    """Draw a figure with this title (Agg), as a notebook's inline plot does."""
    figure = Figure()
    figure.subplots().set_title(title)
    FigureCanvasAgg(figure).draw()


@pytest.fixture
def chinese():
    set_language("zh")
    yield
    set_language("en")


def test_a_chinese_title_misses_glyphs_in_the_default_font_and_none_after_plot_text(chinese):
    if not installed_cjk_fonts():
        pytest.skip("no CJK font installed on this machine")
    with matplotlib.rc_context({"font.family": ["sans-serif"]}):
        with pytest.warns(UserWarning, match="missing from font"):
            draw("每次调用耗时 [µs]")              # the default font alone: the check below can fail
        title = plot_text(AXIS, "time")
        assert title == "每次调用耗时 [µs]"
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            draw(title)


def test_axis_labels_of_a_figure_made_after_the_fallback_draw_chinese(chinese):
    if not installed_cjk_fonts():
        pytest.skip("no CJK font installed on this machine")
    with matplotlib.rc_context({"font.family": ["sans-serif"]}):
        use_cjk_fallback()                            # what importing a lesson's label does, before its figure
        figure = Figure()
        axes = figure.subplots()
        axes.set_xlabel(plot_text(AXIS, "time"))
        axes.plot([0, 1], [0, 1], label=plot_text(AXIS, "time"))
        axes.legend()
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            FigureCanvasAgg(figure).draw()


def test_the_fallback_comes_after_the_fonts_already_chosen_and_is_added_once():
    with matplotlib.rc_context({"font.family": ["serif"]}):
        added = use_cjk_fallback()
        assert list(matplotlib.rcParams["font.family"]) == ["serif", *installed_cjk_fonts()]
        assert added == list(installed_cjk_fonts()) and use_cjk_fallback() == []


def test_plot_text_names_an_unknown_key():
    with pytest.raises(ValueError, match="no message 'nothing'"):
        plot_text(AXIS, "nothing")
