"""What the lab kit, the quiz engine and the lessons need from the notebook page: the running cell, the text style.

- :mod:`~course_lib.ui.cells`        which notebook cell is running now
- :mod:`~course_lib.ui.dot_font`     the 'Course Dots' web font (θ̇ with a dot that reads at 12 px)
- :mod:`~course_lib.ui.glyph_style`  the style sheet that puts that font first
- :mod:`~course_lib.ui.plot_text`    a plot's texts in the language in force, with a font for Chinese
"""
