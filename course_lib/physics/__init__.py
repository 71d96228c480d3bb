"""The physics of the course: models, simulation, chains, symbolic derivations, control, identification.

This is the core a student opens. It uses numpy, scipy and sympy only, and never imports a
widget, IPython or a lesson. One idea per module:

- :mod:`~course_lib.physics.models`        the pendulum, the planar 2R arm, the cart-pole, the arm with motors
- :mod:`~course_lib.physics.simulate`      integrators, the energy ledger, the live stepper, :func:`simulate`
- :mod:`~course_lib.physics.chains`        RNEA, CRBA and ABA on spatial vectors for n-joint chains
- :mod:`~course_lib.physics.symbolic`      Lagrange's equations derived step by step with sympy
- :mod:`~course_lib.physics.action`        the action S of a path and its variations (lesson 1)
- :mod:`~course_lib.physics.pendulum_bvp`  the pendulum's boundary-value swings (lesson 1)
- :mod:`~course_lib.physics.cart_pole_balance`  LQR balance of the cart-pole (lesson 4)
- :mod:`~course_lib.physics.quadratic_forms`    eigen-axes, κ and the energy ellipse of M (lesson 5)
- :mod:`~course_lib.physics.christoffel`   Christoffel symbols and C(q, q̇) from M (lesson 6)
- :mod:`~course_lib.physics.newton_torques`  centrifugal and Coriolis torques as r × m a (lesson 6)
- :mod:`~course_lib.physics.operational_space`  Λ, the apparent mass at the tool (lesson 7)
- :mod:`~course_lib.physics.control`, :mod:`~course_lib.physics.error_dynamics`,
  :mod:`~course_lib.physics.joint_tracking`, :mod:`~course_lib.physics.task_space_control`,
  :mod:`~course_lib.physics.inverse_kinematics`, :mod:`~course_lib.physics.tool_paths`,
  :mod:`~course_lib.physics.tool_tracking`   control laws and tracking (lesson 8)
- :mod:`~course_lib.physics.identification`  base parameters from measured torques (lesson 9)

Units are SI throughout: kg, m, s, rad, N, N·m. Angles: θ₁ from the horizontal, θ₂ relative to link 1.
"""
