"""Kernel → Interrupt during a quiz check, in a real kernel: nothing counted, the quiz keeps working."""

from __future__ import annotations

import time

import pytest

jupyter_client = pytest.importorskip("jupyter_client")

SLOW = "exp(exp(exp(exp(exp(99)))))"
RIGHT = "(tau - b*theta_dot - m*g*l*sin(theta))/(m*l^2)"


@pytest.fixture(scope="module")
def kernel():
    from jupyter_client.manager import start_new_kernel

    km, kc = start_new_kernel(kernel_name="python3")
    try:
        yield km, kc
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def run(kc, code: str, timeout: float = 60) -> str:
    msg_id = kc.execute(code)
    out = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        msg = kc.get_iopub_msg(timeout=timeout)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        if msg["msg_type"] == "stream":
            out.append(msg["content"]["text"])
        elif msg["msg_type"] == "error":
            raise AssertionError(msg["content"]["evalue"])
        elif msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
            return "".join(out)
    raise AssertionError("no answer from the kernel")


def click(kc, comm_id: str) -> None:
    """What the browser sends when the learner presses a button."""
    kc.shell_channel.send(kc.session.msg("comm_msg", {"comm_id": comm_id,
                                                      "data": {"method": "custom", "content": {"event": "click"}}}))


def test_interrupting_a_slow_check_counts_nothing_and_the_next_check_works(kernel):
    """A click on Check with a slow formula, then Kernel → Interrupt: "interrupted", 0 attempts, worker gone."""
    km, kc = kernel
    comm = run(kc, "from course_lib.lessons import pendulum_quiz\n"
                   "from course_lib.quiz.view import QuestionView\n"
                   "v = QuestionView(pendulum_quiz()[4])\n"
                   f"v.value = {SLOW!r}\n"
                   "v.question.check('theta')\n"          # the worker is up and warm
                   "print(v.check_button.comm.comm_id)").strip()
    click(kc, comm)
    time.sleep(1.0)  # the check is under way in the worker
    km.interrupt_kernel()
    state = run(kc, "print(v.attempts, v.last is None, 'interrupted' in v.feedback, v.check_button.disabled)")
    assert state.split() == ["0", "True", "True", "False"], state
    run(kc, f"v.value = {RIGHT!r}")
    click(kc, comm)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if run(kc, "print(v.last is not None and v.last.correct, v.attempts)").split() == ["True", "1"]:
            break
        time.sleep(0.3)
    else:
        raise AssertionError(run(kc, "print(v.feedback)"))
