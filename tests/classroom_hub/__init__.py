"""The classroom kit tested end to end on a real JupyterHub (marker `classroom`)."""
