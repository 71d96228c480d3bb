"""JupyterHub for one class on one machine: local unix accounts, nbgrader, a shared exchange folder.

Start it as root (the hub starts each user's server as that user)::

    CLASSROOM_INSTRUCTORS=alice CLASSROOM_STUDENTS=bob,carol \\
        .venv/bin/jupyterhub -f classroom/jupyterhub_config.py

Settings, all from the environment:

- ``CLASSROOM_INSTRUCTORS``, ``CLASSROOM_STUDENTS``: comma-separated unix user names. Only these may
  log in; instructors get nbgrader's Formgrader, Create Assignment and Course List, students the
  Assignment List (fetch, submit, fetch feedback) and Validate.
- ``CLASSROOM_AUTH``: ``pam`` (default: the users' unix passwords) or ``dummy`` (one shared password,
  ``CLASSROOM_DUMMY_PASSWORD``, for a trial or the test). Exactly one is used, and ``dummy`` is
  refused unless the hub listens on 127.0.0.1 and a password of at least 12 characters is set, so
  a public hub cannot fall back to it.
- ``CLASSROOM_EXCHANGE``: the shared exchange folder (default ``/srv/nbgrader/exchange``), created
  with the permissions nbgrader documents (world-writable; nbgrader locks down what it makes in it).
- ``CLASSROOM_STATE``: where the hub keeps its database and cookie secret (default ``classroom/state``).
- ``CLASSROOM_IP`` (default 127.0.0.1), ``CLASSROOM_PORT`` (8000), ``CLASSROOM_HUB_PORT`` (8081),
  ``CLASSROOM_PROXY_API_PORT`` (8001).
- ``CLASSROOM_API_TOKEN``: optional; registers a service ``classroom-admin`` with this token and the
  admin role, for scripts (the test starts servers and reads their APIs with it).
"""

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from classroom import kit  # noqa: E402

c = get_config()  # noqa: F821 - provided by traitlets when the file is loaded


def _names(variable: str) -> set[str]:
    return {n.strip() for n in os.environ.get(variable, "").split(",") if n.strip()}


instructors, students = _names("CLASSROOM_INSTRUCTORS"), _names("CLASSROOM_STUDENTS")
if instructors & students:
    raise ValueError(f"users listed as instructors and students at once: {sorted(instructors & students)}")
if not instructors:
    raise ValueError("CLASSROOM_INSTRUCTORS is empty: name at least one instructor's unix account")

ip = os.environ.get("CLASSROOM_IP", "127.0.0.1")
state = Path(os.environ.get("CLASSROOM_STATE", kit.KIT / "state"))
state.mkdir(parents=True, exist_ok=True)
state.chmod(0o700)
exchange = kit.make_exchange(Path(os.environ.get("CLASSROOM_EXCHANGE", "/srv/nbgrader/exchange")))

# --- network: everything on one machine --------------------------------------------------
c.JupyterHub.ip = ip
c.JupyterHub.port = int(os.environ.get("CLASSROOM_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("CLASSROOM_HUB_PORT", "8081"))
c.ConfigurableHTTPProxy.command = [kit.proxy_command()]
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ.get('CLASSROOM_PROXY_API_PORT', '8001')}"
c.ConfigurableHTTPProxy.should_start = True
c.JupyterHub.cleanup_servers = True
c.JupyterHub.db_url = f"sqlite:///{state / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(state / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(state / "jupyterhub.pid")

# --- who may log in, and how ----------------------------------------------------------------
auth = os.environ.get("CLASSROOM_AUTH", "pam")
if auth == "pam":
    c.JupyterHub.authenticator_class = "pam"
elif auth == "dummy":
    password = os.environ.get("CLASSROOM_DUMMY_PASSWORD", "")
    if ip != "127.0.0.1":
        raise ValueError(f"CLASSROOM_AUTH=dummy is for a trial on 127.0.0.1 only, but CLASSROOM_IP is {ip!r}; "
                         "use CLASSROOM_AUTH=pam for a real class")
    if len(password) < 12:
        raise ValueError("CLASSROOM_AUTH=dummy needs CLASSROOM_DUMMY_PASSWORD of at least 12 characters")
    c.JupyterHub.authenticator_class = "dummy"
    c.DummyAuthenticator.password = password
else:
    raise ValueError(f"CLASSROOM_AUTH must be 'pam' or 'dummy', got {auth!r}")
c.Authenticator.allowed_users = instructors | students
c.Authenticator.admin_users = set()
c.JupyterHub.load_groups = {"instructors": {"users": sorted(instructors)},
                            "students": {"users": sorted(students)}}

token = os.environ.get("CLASSROOM_API_TOKEN")
if token:
    c.JupyterHub.services = [{"name": "classroom-admin", "api_token": token}]
    c.JupyterHub.load_roles = [{"name": "admin", "services": ["classroom-admin"]}]

# --- each user's server: the course's environment, nbgrader by role --------------------------
c.Spawner.cmd = [str(kit.venv_bin() / "jupyterhub-singleuser")]
c.Spawner.default_url = "/lab"
c.Spawner.http_timeout = 120
c.Spawner.start_timeout = 120


def _by_role(spawner) -> None:
    role = "instructor" if spawner.user.name in instructors else "student"
    spawner.environment.update(kit.user_environment(role, exchange))


c.Spawner.pre_spawn_hook = _by_role
