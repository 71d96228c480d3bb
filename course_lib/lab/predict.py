"""The browser's prediction of a posture lab's picture: JavaScript generated from the course's sympy expressions.

A posture lab's scene channels are closed forms of its controls (angles, a payload, an energy, a push).
The lab says which (:class:`Prediction`): its inputs, each a scene channel that a control drives, and one
sympy expression per predicted channel, built from :mod:`course_lib.physics.symbolic.two_link_forms`.
:func:`javascript` turns these into one JavaScript function (common subexpressions shared, sympy's
JavaScript printer), made once per lab class and cached. The scene's browser side (``predict.js``)
draws the prediction the moment a slider moves and replaces it with the kernel's frame as it arrives:
the kernel's numbers always win, and a prediction the kernel has not confirmed in time is dropped.

Inputs are channels of the scene, so every frame the kernel sends says which inputs it was computed
for; the browser compares them with its controls' values to tell the kernel's answer from an older one.

>>> import sympy as sp
>>> a = sp.Symbol("a")
>>> p = Prediction((Input("a", a),), {"twice": 2 * a})
>>> "return [(2*a)];" in javascript(p)
True
"""

from __future__ import annotations

import dataclasses
import functools
import math
import re
import types
from typing import Any

import sympy as sp

from course_lib.lab.arm2r import elbow_degrees, shoulder_degrees, snap_degrees
from course_lib.lab.numbers import wrap_degrees
from course_lib.physics.symbolic.two_link_forms import TwoLinkForms, two_link_forms


#: functions the generated code calls, kept unevaluated in sympy (its Min, Max, Abs, sign and Piecewise would
#: compare their symbolic arguments, minutes for a lab's expressions): name -> JavaScript, and its Python twin
JS_FUNCTIONS = {"minimum": "Math.min", "maximum": "Math.max", "absolute": "Math.abs", "signum": "Math.sign",
                "floored": "Math.floor", "rounded": "Math.round", "where": "where"}
PY_FUNCTIONS = {"minimum": min, "maximum": max, "absolute": abs, "signum": lambda x: float((x > 0) - (x < 0)),
                "floored": math.floor, "rounded": round, "where": lambda c, a, b: a if c else b}
#: the generated code's helpers, defined in front of it
JS_HELPERS = "const where = (c, a, b) => (c ? a : b);"
minimum, maximum, absolute, signum, floored, rounded, where = (sp.Function(name) for name in JS_FUNCTIONS)
#: numpy's names for the functions above, as a rule written once for numbers and sympy takes them (``lib=``)
SYMPY_LIB = types.SimpleNamespace(
    where=where, abs=absolute, sqrt=sp.sqrt, clip=lambda x, lo, hi: minimum(maximum(x, lo), hi),
    greater=lambda a, b: sp.Gt(a, b, evaluate=False), less=lambda a, b: sp.Lt(a, b, evaluate=False),
    minimum=minimum, maximum=maximum, mod=lambda a, b: a - b * floored(a / b), stack=tuple,
    log10=lambda x: sp.log(x) / sp.log(10), round=rounded, arctan2=sp.atan2, degrees=lambda x: x * 180 / sp.pi)
#: the direction (cos φ, sin φ) a curve's point is computed for (:attr:`Prediction.curves`)
DIRECTION = sp.symbols("dir_c dir_s", real=True)
#: where a dragged handle is (panel units, :attr:`Prediction.drags`)
DRAG = sp.symbols("drag_x drag_y", real=True)


@dataclasses.dataclass(frozen=True)
class Input:
    """One input of a prediction: a scene channel, the symbol the expressions use, and what drives it.

    Attributes:
        channel: the scene channel holding the input (the kernel's frames carry it).
        symbol: its sympy symbol.
        control: the lab's control key whose browser model sets it (None: only the kernel's frames do).
        choices: for a dropdown, the number each option index stands for.
        period: for an angle, its period (360: −180° and 180° are the same posture).
    """

    channel: str
    symbol: sp.Symbol
    control: str | None = None
    choices: tuple[float, ...] | None = None
    period: float | None = None


@dataclasses.dataclass(frozen=True)
class Prediction:
    """Predicted channels as sympy expressions of the inputs and of named parameters.

    Attributes:
        inputs: the :class:`Input` s, in order.
        outputs: channel -> expression in the inputs' symbols and ``params``.
        params: the parameters' symbols, in the order :meth:`param_values` gives their values.
    """

    inputs: tuple[Input, ...]
    outputs: dict[str, Any]
    params: tuple[sp.Symbol, ...] = ()
    #: polyline shapes predicted too: shape id -> (x, y) expressions that may also use :data:`DIRECTION`,
    #: evaluated once per entry of ``directions`` (unit vectors (cos φ, sin φ)) to give the curve's points
    curves: dict[str, tuple[Any, Any]] = dataclasses.field(default_factory=dict)
    directions: tuple[tuple[float, float], ...] = ()
    #: symbols the expressions use, each defined from the inputs (e.g. θ in rad from a slider in degrees):
    #: computed first, so no expression is rewritten in sympy (a substitution re-evaluates every node: minutes)
    derived: dict[sp.Symbol, Any] = dataclasses.field(default_factory=dict)
    #: handles whose drag is predicted: handle id -> {input channel: its new value}, expressions that may also
    #: use :data:`DRAG` (the pointer in the handle's panel) and the inputs before the move
    drags: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)


@functools.lru_cache(maxsize=None)
def arm_forms() -> TwoLinkForms:
    """The 2R arm's closed forms (built once per process)."""
    return two_link_forms()


def arm_parameter_values(arm: Any, *taken: str) -> list[float]:
    """The arm's raw parameters (m, kg, kg·m²) but those named in ``taken`` (inputs), in :func:`arm_parameters`' order."""
    return [float(getattr(arm, name)) for name in arm_forms().raw if name not in taken]


def posture_from_degrees(angles: tuple[Input, Input]) -> dict[sp.Symbol, Any]:
    """The forms' joint angles θ₁, θ₂ (rad) defined from the angle inputs (degrees): a :attr:`Prediction.derived`."""
    q = arm_forms().q
    return {q[0]: angles[0].symbol * sp.pi / 180, q[1]: angles[1].symbol * sp.pi / 180}


def javascript(prediction: Prediction, curves: bool = False) -> str:
    """The body of ``function (I, P)`` returning the predicted channels in the order of ``outputs``.

    ``I`` holds the inputs' values, ``P`` the parameters' values, in the prediction's order. With
    ``curves``: the body of ``function (I, P, D)`` returning, for the direction ``D = [cos φ, sin φ]``,
    each curve's point (x, y) in the order of ``Prediction.curves``.

    Raises:
        ValueError: an expression with a symbol that is neither an input nor a parameter.
    """
    if curves:
        body = javascript(Prediction(prediction.inputs + tuple(Input(f"D{k}", d) for k, d in enumerate(DIRECTION)),
                                     {f"{key}_{axis}": e for key, xy in prediction.curves.items()
                                      for axis, e in zip("xy", xy)}, prediction.params, derived=prediction.derived))
        return _curve_inputs(body, len(prediction.inputs))
    symbols = [i.symbol for i in prediction.inputs] + list(prediction.params) + list(prediction.derived)
    names = [str(s) for s in symbols]
    bad = [n for n in names if not re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", n) or re.fullmatch(r"t\d+|where", n)]
    if bad or len(set(names)) != len(names):
        raise ValueError(f"inputs and parameters need distinct JavaScript names, not t0, t1, … or 'where'; got {names}")
    exprs = [sp.sympify(e) for e in prediction.outputs.values()]
    for channel, e in zip(prediction.outputs, exprs):
        unknown = e.free_symbols - set(symbols)
        if unknown:
            raise ValueError(f"the prediction of channel {channel!r} uses {sorted(map(str, unknown))}, which is "
                             f"neither an input ({[i.channel for i in prediction.inputs]}) nor a parameter")
    # no xreplace and no cse "optimizations": both rebuild every node through sympy's evaluation (minutes)
    shared, reduced = sp.cse(exprs, symbols=sp.numbered_symbols("t"), optimizations=None)
    lines = [JS_HELPERS] + [f"const {s} = I[{k}];" for k, s in enumerate(names[:len(prediction.inputs)])]
    lines += [f"const {s} = P[{k}];" for k, s in enumerate(names[len(prediction.inputs):][:len(prediction.params)])]
    lines += [f"const {s} = {_js(e)};" for s, e in prediction.derived.items()]
    lines += [f"const {s} = {_js(e)};" for s, e in shared]
    lines.append("return [" + ", ".join(f"({_js(e)})" for e in reduced) + "];")
    return "\n".join(lines)


def _curve_inputs(body: str, n_inputs: int, extra: tuple[sp.Symbol, sp.Symbol] = DIRECTION) -> str:
    """A curve (or drag) body reads its direction (pointer) from D, not from inputs n_inputs and n_inputs + 1."""
    for k, d in enumerate(extra):
        body = body.replace(f"const {d} = I[{n_inputs + k}];", f"const {d} = D[{k}];")
    return body


def drag_javascript(prediction: Prediction, handle: str) -> str:
    """The body of ``function (I, P, D)`` giving the new values of the inputs a drag of ``handle`` to D = [x, y] sets."""
    extra = tuple(Input(f"D{k}", d) for k, d in enumerate(DRAG))
    body = javascript(Prediction(prediction.inputs + extra, dict(prediction.drags[handle]), prediction.params,
                                 derived=prediction.derived))
    return _curve_inputs(body, len(prediction.inputs), DRAG)


def _js(expr: Any) -> str:
    return " ".join(sp.jscode(expr, full_prec=True, user_functions=JS_FUNCTIONS).split())


class Predicted:
    """Mixin of a posture :class:`~course_lib.lab.base.Lab` whose picture the browser predicts.

    A lab class gives :meth:`prediction` (made once per class, cached with its JavaScript) and
    :meth:`prediction_params` (the parameters' values now); it calls :meth:`start_prediction` once its
    scene and controls exist, and :meth:`update_prediction` when a parameter changes.
    """

    scene: Any
    controls: dict

    @classmethod
    def prediction(cls) -> Prediction:
        """The lab's inputs and predicted channels."""
        raise NotImplementedError

    def prediction_params(self) -> list[float]:
        """The values of :attr:`Prediction.params`, in order."""
        return []

    def start_prediction(self) -> None:
        """Give the scene the generated code, its inputs (with the browser models of their controls) and parameters."""
        spec = _program(type(self))
        inputs = [dict(item, model=self.controls[item["control"]].model_id) if item.get("control") else item
                  for item in spec["inputs"]]
        with self.scene.hold_sync():
            self.scene.predict = dict(spec, inputs=inputs)
            self.update_prediction()

    def update_prediction(self) -> None:
        """Send the parameters' values now (e.g. after a payload or a plot range changed)."""
        self.scene.predict_params = [float(v) for v in self.prediction_params()]


@functools.lru_cache(maxsize=None)
def _program(cls: type) -> dict[str, Any]:
    """The scene's ``predict`` trait for lab class ``cls``: generated once per class and process."""
    prediction = cls.prediction()
    curves = {"curve_source": javascript(prediction, curves=True), "curves": list(prediction.curves),
              "directions": [list(c) for c in zip(*prediction.directions)]} if prediction.curves else {}
    channels = [i.channel for i in prediction.inputs]
    drags = {"drags": {h: {"source": drag_javascript(prediction, h), "inputs": [channels.index(c) for c in sets]}
                       for h, sets in prediction.drags.items()}} if prediction.drags else {}
    return {"source": javascript(prediction), "outputs": list(prediction.outputs), **curves, **drags,
            "inputs": [{k: v for k, v in dict(channel=i.channel, control=i.control, period=i.period,
                                              choices=list(i.choices) if i.choices else None).items()
                        if v is not None} for i in prediction.inputs]}


# -- building blocks of the labs' predictions ------------------------------------------------------------------
def angle_inputs() -> tuple[Input, Input]:
    """The two angle sliders (``theta1``, ``theta2``, degrees) as inputs on channels ``theta1_deg``, ``theta2_deg``."""
    return (Input("theta1_deg", sp.Symbol("theta1_deg", real=True), "theta1", period=360.0),
            Input("theta2_deg", sp.Symbol("theta2_deg", real=True), "theta2", period=360.0))


def arm_outputs(angles: tuple[Input, Input]) -> dict[str, Any]:
    """Elbow ``ex, ey``, tip ``tx, ty`` (m, in θ₁, θ₂: :func:`posture_from_degrees`) and ``theta1_deg, theta2_deg``
    (wrapped) as :func:`~course_lib.lab.arm2r.arm_readouts` gives them."""
    f = arm_forms()
    out = dict(zip(("ex", "ey", "tx", "ty"), (*f.elbow, *f.tip)))
    out.update(theta1_deg=wrap_degrees(angles[0].symbol, SYMPY_LIB), theta2_deg=wrap_degrees(angles[1].symbol, SYMPY_LIB))
    return out


def arm_parameters(*inputs: Input) -> tuple[sp.Symbol, ...]:
    """The arm's raw parameter symbols (:data:`RAW_PARAMETERS`) that are not among ``inputs`` (e.g. a payload slider)."""
    taken = {i.symbol for i in inputs}
    return tuple(s for s in arm_forms().raw.values() if s not in taken)


def arm_drags(angles: tuple[Input, Input], step: float | None) -> dict[str, dict[str, Any]]:
    """The elbow and tip drags of :mod:`course_lib.lab.arm2r`, by its own rules: the elbow turns θ₁ toward the
    pointer, the tip θ₂, each snapped to the sliders' ``step``."""
    f, (x, y) = arm_forms(), DRAG
    shoulder = shoulder_degrees(x, y, SYMPY_LIB)
    elbow = elbow_degrees(f.elbow, f.q[0], x, y, SYMPY_LIB)
    return {"elbow": {angles[0].channel: snap_degrees(shoulder, step, SYMPY_LIB)},
            "tip": {angles[1].channel: snap_degrees(elbow, step, SYMPY_LIB)}}


def with_arm_drags(prediction: Prediction, lab_class: type) -> Prediction:
    """``prediction`` with the arm's elbow and tip drags, snapped to ``lab_class``'s angle sliders' step."""
    steps = [spec.step for spec in lab_class.CONTROLS if spec.key in ("theta1", "theta2")]
    return dataclasses.replace(prediction, drags=arm_drags(angle_inputs(), min(steps) if steps else None))
