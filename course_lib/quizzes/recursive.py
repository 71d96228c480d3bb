"""Lesson 10's quiz (recursive dynamics): every expected value computed by course_lib.chains.

>>> quiz = recursive_dynamics_quiz()
>>> len(quiz), quiz[2].check("8").correct
(5, True)
"""

from __future__ import annotations

import numpy as np

from course_lib.chains import Chain, rnea_passes
from course_lib.quiz import MultipleChoice, NumericQuestion, Option, Quiz

#: the lab's chain: total length (m), total mass (kg); and the chain size for the column-count question
LENGTH, MASS, N_ARM = 1.6, 4.0, 7


def recursive_dynamics_quiz(n_links: int = 4) -> Quiz:
    """Five questions: what each pass carries, gravity as a base acceleration, RNEA calls for M,
    the force across joint 1 at rest, and how the cost of RNEA grows.

    Args:
        n_links: links of the lab's chain used in the force question (2 … 8).
    """
    chain = Chain.planar([LENGTH / n_links] * n_links, [MASS / n_links] * n_links)
    zero = np.zeros(n_links)
    at_rest = rnea_passes(chain, np.radians([30.0] + [-20.0] * (n_links - 1)), zero, zero)
    f1 = float(np.linalg.norm(at_rest.F[0, 3:]))
    calls = N_ARM + 1
    return Quiz([
        MultipleChoice(
            "What does each pass of RNEA carry, and in which direction?",
            [Option("Forward, base to tip: each link's joint torque. Backward, tip to base: the columns of the "
                    "mass matrix M, one column per link, ready to be solved.",
                    feedback="RNEA never forms M; it returns τ = M q̈ + c + g directly, from the forces."),
             Option("Forward, base to tip: the spatial force across each joint. Backward, tip to base: each "
                    "link's spatial velocity and spatial acceleration.",
                    feedback="A link's force needs its acceleration, and the acceleration needs the parent's: "
                             "motion has to be known first, from the base out."),
             Option("Forward, base to tip: each link's spatial velocity and acceleration. Backward, tip to "
                    "base: the spatial force across each joint, and τᵢ = Sᵢᵀ Fᵢ.", correct=True,
                    feedback="Yes: motion flows out from the base, force flows back to it."),
             Option("Both passes carry spatial velocities, one from each end; the joint forces are found "
                    "afterwards by solving with the mass matrix M.",
                    feedback="The backward pass is where forces are summed, link by link; no M is needed.")],
            explanation=("The forward pass needs only the parent's V and A and the joint's own motion S q̇, S q̈. "
                         "The backward pass starts at the tip, where no child pushes, and adds each child's force "
                         "(moved into the parent's frame) to the parent's own need I A + V ×* I V.")),
        MultipleChoice(
            "The base of the chain is fixed, yet RNEA starts with A₀ = [0; −g], an upward acceleration of size g. "
            "Why?",
            [Option("It is a numerical device that makes the recursion converge in fewer passes and keeps its "
                    "round-off errors small at every link.",
                    feedback="RNEA is not iterative: it is exact after one forward and one backward pass."),
             Option("Holding a link still against gravity takes the same force as accelerating it up at g "
                    "in free space, so m a carries the weight.", correct=True,
                    feedback="Yes: with every link accelerated up at g (and no gravity), the force each link "
                             "needs, m a, includes exactly its weight m g; the real motion adds on top."),
             Option("Most robot bases really do accelerate, so the algorithm assumes the worst case: an upward "
                    "acceleration of one full g at the base.",
                    feedback="The base is fixed here; the acceleration is fictitious, and the result is exact.")],
            explanation="Gravity is uniform, so it is the same as an acceleration of the whole frame; the base "
                        "passes it to every link through the forward pass, and no link needs a weight term."),
        NumericQuestion(
            f"To build M of a {N_ARM}-joint arm column by column with inverse dynamics, taking g(q) once and "
            "then one column per call, how many RNEA calls do you need?",
            expected=calls, tolerance=0.4, unit="",
            mistakes=[(N_ARM, "That builds the columns, but each call also returns g(q): it has to be computed "
                              "once more, on its own, to subtract.")],
            explanation=(f"g = ID(q, 0, 0) once, then column j = ID(q, 0, eⱼ) − g for j = 1 … {N_ARM}: "
                         f"{calls} calls, each O(n), so O(n²) in all, the same order as CRBA.")),
        NumericQuestion(
            f"The lab's chain ({n_links} links, {MASS:g} kg in all) is held at rest in some pose. How large "
            "(N) is the force across joint 1 that the backward pass returns?",
            expected=f1, tolerance=0.05, unit="N",
            explanation=(f"At rest each link only needs to be held up against its weight, so the force that "
                         f"reaches joint 1 is the whole chain's weight, Σ m g = {f1:.2f} N, whatever the pose.")),
        NumericQuestion(
            "RNEA takes 1.0 ms for a chain of 10 links on some computer. If its time is exactly proportional to "
            "the number of links, as the algorithm's count of operations says, how long (ms) does it take for "
            "40 links?",
            expected=1.0 * 40 / 10, tolerance=0.4, unit="ms",
            mistakes=[(1.0 * 4 ** 3, "That is how an O(n³) method grows (4³ = 64), such as solving with M; RNEA "
                                     "is O(n)."),
                      (1.0 * 4 ** 2, "That is O(n²) growth (4² = 16), the cost of building M; RNEA is O(n).")],
            explanation="RNEA does a fixed amount of work per link in each pass: O(n). Four times the links, "
                        "four times the time. (Measured times have overheads and noise: the notebook's fitted "
                        "slope is near 1, not exactly 1.) Forward dynamics through M⁻¹ would grow like n³."),
    ])
