"""Real-browser tests of the lesson notebooks (pytest -m browser tests/browser)."""
