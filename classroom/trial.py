"""`make classroom`: a trial class on this machine, on 127.0.0.1, removed again when you stop it.

Creates three throwaway unix accounts (one instructor, two students) in a group of their own, the
instructor's course folder (a copy of ``solutions/``) and an exchange folder, starts
``classroom/jupyterhub_config.py`` with one random password for the three of them (the dummy
authenticator, which the configuration allows on 127.0.0.1 only), and prints how to log in.
Ctrl-C stops the hub and removes the accounts, their homes and the folders.

Needs root (it creates accounts): ``sudo make classroom``. For a real class use
``CLASSROOM_AUTH=pam`` with your users' own accounts (docs/classroom.md).
"""

from __future__ import annotations

import argparse
import os
import sys

from classroom import kit

GROUP = "classroom-trial"
INSTRUCTOR = "trial-instructor"
STUDENTS = ("trial-student1", "trial-student2")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8000, help="the hub's port on 127.0.0.1 (default 8000)")
    args = parser.parse_args(argv)
    if os.geteuid() != 0:
        print("make classroom creates three throwaway unix accounts and starts their servers as them, so it "
              "needs root: run `sudo make classroom` (or use a container).", file=sys.stderr)
        return 1
    kit.proxy_command()
    try:
        with kit.trial_class(GROUP, INSTRUCTOR, list(STUDENTS), prefix="classroom-trial-",
                             ports=(args.port, args.port + 81, args.port + 1)) as klass:
            url = klass.hub.url
            print(f"""
A trial class at {url}/  (password for every account: {klass.password})

  instructor  {INSTRUCTOR:<16}  Formgrader: {url}/user/{INSTRUCTOR}/formgrader
              in a terminal there:  cd ~/course && nbgrader generate_assignment 01_lagrange
                                    && nbgrader release_assignment 01_lagrange
  students    {STUDENTS[0]:<16}  Assignment List: {url}/user/{STUDENTS[0]}/lab (Nbgrader -> Assignment List)
              {STUDENTS[1]:<16}  fetch, work, submit; after the instructor collects, autogrades
                                    and releases feedback, fetch the feedback there.

Log in as one user per browser profile (or a private window). Ctrl-C stops the hub and removes the accounts.
""", flush=True)
            klass.hub.start(log_to_file=False)
            klass.hub.proc.wait()
    except KeyboardInterrupt:
        pass
    print("trial class removed (accounts, homes, exchange, hub state)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
