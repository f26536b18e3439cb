"""d20pl on a grid: cover, concealment and flanking from squares.

Pure geometry for the seed's line-drawing rules (*Osłona*, *Ukrycie*,
*Flankowanie*). A square is ``(x, y)``, 1.5 m a side, covering
``[x, x+1] × [y, y+1]``; a creature's space is a set of squares
(``block(x, y, 2)`` for a Large one). A ``Field`` holds what is on the map:
solid walls (whole squares, blocking line of effect), low obstacles (cover,
not line of effect), other creatures (soft cover against ranged attacks)
and concealing squares (``partial`` or ``total``).

``cover``, ``concealment`` and ``flanking`` return a ``Finding`` (the
situation choice and the rule IDs that decided it); ``situation`` turns
them into the ``situation`` object of an ``attack`` query; ``hide_check``
says whether cover or concealment allows a Hide check. Lines touching only
the outer edge or a corner of an obstacle do not pass through it; a line
along the edge between two obstacle squares does. Lines are exact
(fractions).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

SQUARE_M = 1.5
LOW_OBSTACLE_SQUARES = 6          # 9 m (d20pl.cover.low-obstacle)
GRADES = ("none", "soft", "partial", "total")
DEGREES = ("none", "partial", "total")


@dataclass(frozen=True)
class Field:
    walls: frozenset = frozenset()        # solid: block line of effect
    low: frozenset = frozenset()          # low obstacles: cover within 9 m
    creatures: frozenset = frozenset()    # other creatures' squares: soft cover (ranged)
    concealing: dict = field(default_factory=dict)   # square -> "partial" | "total"


@dataclass(frozen=True)
class Finding:
    choice: str
    rules: tuple


def block(x, y, side=1, depth=None) -> frozenset:
    """The squares of a ``side`` × ``depth`` space whose corner square is (x, y)."""
    return frozenset((x + i, y + j) for i in range(side) for j in range(depth or side))


def squares_between(a, b) -> int:
    """3.5 grid distance in squares (every second diagonal counts double)."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    diagonal, straight = min(dx, dy), max(dx, dy) - min(dx, dy)
    return straight + diagonal + diagonal // 2


def distance(space_a, space_b) -> float:
    """Metres between two spaces (nearest squares)."""
    return min(squares_between(a, b) for a in space_a for b in space_b) * SQUARE_M


def adjacent(space_a, space_b) -> bool:
    return any(max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1 for a in space_a for b in space_b)


def _corners(square):
    x, y = square
    return ((x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1))


def _breaks(p, q) -> list:
    """Parameters (0…1) where segment p→q meets a grid line, in order."""
    ts = {Fraction(0), Fraction(1)}
    for axis in (0, 1):
        a, b = Fraction(p[axis]), Fraction(q[axis])
        if a == b:
            continue
        lo, hi = sorted((a, b))
        for k in range(int(lo) - 1, int(hi) + 2):
            t = (k - a) / (b - a)
            if 0 < t < 1:
                ts.add(t)
    return sorted(ts)


def _inside(x, y, squares) -> bool:
    """Is point (x, y) in the interior of the union of ``squares``? A point
    on a shared edge is inside when the squares on both sides are."""
    xs = [x - 1, x] if x.denominator == 1 else [x.numerator // x.denominator]
    ys = [y - 1, y] if y.denominator == 1 else [y.numerator // y.denominator]
    return all((int(i), int(j)) in squares for i in xs for j in ys)


def through(p, q, squares) -> bool:
    """Does segment p→q pass through the interior of the union of
    ``squares``? Lines along the outer edge or touching a corner do not."""
    if not squares or p == q:
        return False
    p = (Fraction(p[0]), Fraction(p[1]))
    q = (Fraction(q[0]), Fraction(q[1]))
    ts = _breaks(p, q)
    for t0, t1 in zip(ts, ts[1:]):
        m = (t0 + t1) / 2
        if _inside(p[0] + m * (q[0] - p[0]), p[1] + m * (q[1] - p[1]), squares):
            return True
    return False


# --- cover -------------------------------------------------------------------
def cover(fld, attacker, target, kind="ranged") -> Finding:
    """Cover of ``target`` against an attack from ``attacker`` (spaces)."""
    big = len(attacker) > 1 or len(target) > 1
    melee_adjacent = kind == "melee" and adjacent(attacker, target)
    if melee_adjacent:
        how = "d20pl.cover.melee-adjacent"
    else:
        how = "d20pl.cover.ranged" if kind == "ranged" else "d20pl.cover.melee-non-adjacent"
    skip = attacker | target
    low = _effective_low(fld, attacker, target)
    walls = (fld.walls | low) - skip
    solid = fld.walls - skip
    soft = (fld.creatures - skip) if kind == "ranged" else frozenset()
    best = "total"
    for a in attacker:
        for t in target:
            if melee_adjacent:
                lines = [(c, d) for c in _corners(a) for d in _corners(t)]
                grade = "partial" if any(through(c, d, walls) for c, d in lines) else "none"
            else:
                grade = min((_corner_grade(c, t, walls, solid, soft) for c in _corners(a)),
                            key=GRADES.index)
            best = min(best, grade, key=GRADES.index)
    rules = [how] + (["d20pl.cover.big-creatures"] if big and kind == "melee" else [])
    if fld.low:
        rules.append("d20pl.cover.low-obstacle")
    rules += {"soft": ["d20pl.cover.soft"], "total": ["d20pl.cover.total"]}.get(best, [])
    return Finding(best, tuple(rules))


def _corner_grade(corner, square, walls, solid, soft) -> str:
    lines = [(corner, d) for d in _corners(square) if d != corner]
    if lines and all(through(c, d, solid) for c, d in lines):
        return "total"
    if any(through(c, d, walls) for c, d in lines):
        return "partial"
    if any(through(c, d, soft) for c, d in lines):
        return "soft"
    return "none"


def _effective_low(fld, attacker, target) -> frozenset:
    """Low obstacles count within 6 squares (9 m) of the target, unless the
    attacker is closer to them than the target."""
    out = set()
    for sq in fld.low:
        near_target = min(squares_between(t, sq) for t in target)
        near_attacker = min(squares_between(a, sq) for a in attacker)
        if near_target <= LOW_OBSTACLE_SQUARES and near_attacker >= near_target:
            out.add(sq)
    return frozenset(out)


# --- concealment -----------------------------------------------------------
def concealment(fld, attacker, target, kind="ranged") -> Finding:
    """Concealment of ``target``: ``none``, ``partial`` (20%) or ``total`` (50%)."""
    if kind == "melee" and adjacent(attacker, target):
        degrees = [fld.concealing.get(t, "none") for t in target]
        return Finding(min(degrees, key=DEGREES.index), ("d20pl.conceal.melee-adjacent",))
    how = "d20pl.conceal.ranged" if kind == "ranged" else "d20pl.conceal.melee-non-adjacent"
    some = frozenset(s for s in fld.concealing if s not in attacker)
    total = frozenset(s for s in some if fld.concealing[s] == "total")
    best = "total"
    for a in attacker:
        for t in target:
            for c in _corners(a):
                ends = [e for e in _corners(t) if e != c]
                grade = ("total" if any(through(c, e, total) for e in ends) else
                         "partial" if any(through(c, e, some) for e in ends) else "none")
                best = min(best, grade, key=DEGREES.index)
    return Finding(best, (how,))


# --- flanking ------------------------------------------------------------------
def flanking(attacker, ally, defender, attacker_reach=1.5, ally_reach=1.5) -> Finding:
    """Does ``ally`` give ``attacker`` the flanking bonus against ``defender``?"""
    if attacker_reach == 0 or ally_reach == 0:
        return Finding("no", ("d20pl.flank.reach-zero",))
    if distance(ally, defender) > ally_reach or distance(attacker, defender) > attacker_reach:
        return Finding("no", ("d20pl.flank.must-threaten",))
    box = (min(x for x, _ in defender), min(y for _, y in defender),
           max(x for x, _ in defender) + 1, max(y for _, y in defender) + 1)
    big = len(attacker) > 1 or len(ally) > 1
    for a in attacker:
        for b in ally:
            if _opposite_borders((a[0] + 0.5, a[1] + 0.5), (b[0] + 0.5, b[1] + 0.5), box):
                extra = ("d20pl.flank.big-creatures",) if big else ()
                return Finding("yes", ("d20pl.flank.bonus", "d20pl.flank.geometry") + extra)
    return Finding("no", ("d20pl.flank.geometry",))


def _opposite_borders(p, q, box) -> bool:
    """Does the line between two centres cross opposite borders of ``box``
    (a corner counts for both borders meeting there)?"""
    x0, y0, x1, y1 = box
    hit = set()
    for name, axis, value in (("left", 0, x0), ("right", 0, x1), ("bottom", 1, y0), ("top", 1, y1)):
        d = q[axis] - p[axis]
        if d == 0:
            continue
        t = Fraction(value - Fraction(p[axis]), Fraction(d))
        if not 0 <= t <= 1:
            continue
        other = 1 - axis
        at = Fraction(p[other]) + t * (Fraction(q[other]) - Fraction(p[other]))
        lo, hi = (y0, y1) if other == 1 else (x0, x1)
        if lo <= at <= hi:
            hit.add(name)
    return {"left", "right"} <= hit or {"top", "bottom"} <= hit


# --- into an attack query ------------------------------------------------------
def situation(fld, attacker, target, kind="melee", allies=(), attacker_reach=1.5) -> dict:
    """The ``situation`` of an ``attack`` payload computed from the map;
    ``allies`` is a list of (space, reach in metres). ``rules`` explains it."""
    found_cover = cover(fld, attacker, target, kind)
    found_conceal = concealment(fld, attacker, target, kind)
    rules = list(found_cover.rules) + list(found_conceal.rules)
    toggles = []
    if kind == "melee":
        for space, reach in allies:
            flank = flanking(attacker, space, target, attacker_reach, reach)
            rules += [r for r in flank.rules if r not in rules]
            if flank.choice == "yes":
                toggles.append("flanking")
                break
    choices = {k: f.choice for k, f in (("cover", found_cover), ("concealment", found_conceal))
               if f.choice != "none"}
    return {"toggles": toggles, "choices": choices,
            "numbers": {"distance": distance(attacker, target)}, "rules": rules}


def hide_check(cover_choice="none", concealment_choice="none") -> Finding:
    """May a Hide check be made? Cover (not soft cover) or concealment allows it."""
    if cover_choice in ("partial", "low", "improved", "total"):
        return Finding("yes", ("d20pl.cover.hide",))
    if concealment_choice not in ("none", ""):
        return Finding("yes", ("d20pl.conceal.hide",))
    if cover_choice == "soft":
        return Finding("no", ("d20pl.cover.soft",))
    return Finding("no", ("d20pl.cover.hide", "d20pl.conceal.hide"))
