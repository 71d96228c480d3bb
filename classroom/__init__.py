"""A class on one machine: JupyterHub with nbgrader for the course (see docs/classroom.md)."""
