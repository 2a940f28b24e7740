"""What the request refuses and what it names without insisting, matched to venues by code.

The frozen reading holds each ``avoid`` ("no museums", "not GOMA this time"; hard or soft by its
words, ``dayplan.reading.prefs.avoid_is_hard``) and each ``wish`` ("maybe SparkLab"). Which
venue each one means is decided here, by ``core.mustdo.means_venue`` over the venue's own fields,
never by a model:

- a **hard avoid** is a rule of the constraints (``tools.state.avoid_rules``): ``check_plan``
  fails a stop it names (``avoided``), ``arrange_plan`` leaves it out, and an empty itinerary's
  failure says how many venues found it left out, and names the avoid when it takes part in
  the conflict (``refused_failures``);
- every search answer marks the results an avoid names (``"avoided"``: the hard one's words;
  ``"avoid_soft"``: a soft one's, ranked last) and those a wish names (``"wished"``), so a
  model reads code's match instead of making its own (``mark_results``);
- on a passing check, each wish no stop meets is stated with why, from the facts
  (``state_wishes``: ``core.preferences.unmet_wish``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, MutableMapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from dayplan import data
from dayplan.core.catalog import Venue
from dayplan.core.checker import (
    HOME,
    AvoidRule,
    CheckResult,
    Constraints,
    Failure,
    OnlyRule,
    avoided,
    outdoor_excluded,
)
from dayplan.core.dayshape import audience_fits
from dayplan.core.mustdo import match_must_do, means_venue
from dayplan.core.preferences import unmet_wish
from dayplan.core.scheduler import Pick, Problem, alone_conflicts, candidate_for
from dayplan.core.travel import TravelModel
from dayplan.evidence import RunEvidence
from dayplan.tools.state import (
    add_assumption,
    avoid_rule,
    avoid_rules,
    found_venues,
    only_rule,
    text_hints,
)

MAX_WISHES = 5


def wishes(state: Mapping[str, Any]) -> list[dict]:
    """The frozen reading's wishes: ``{"venue": words, "quote"}`` each."""
    return [w for w in text_hints(state).get("wish") or () if isinstance(w, Mapping)]


def wish_means(words: str, venue: Venue) -> bool:
    """Whether the wished venue ``words`` name ``venue``: for a venue of the catalogue, by the
    match over the whole catalogue (its best level only: "the Botanic Gardens at Mt Coot-tha"
    is Brisbane Botanic Gardens Mt Coot-tha, not every venue with "Mt Coot-tha" in its name);
    for another venue (a web result), by ``means_venue`` over its own fields."""
    ids = _catalogue_ids(words)
    if venue.id in _catalogue():
        return venue.id in ids
    return means_venue(words, venue)


@lru_cache(maxsize=1)
def _catalogue() -> frozenset[str]:
    return frozenset(v.id for v in data.venues())


@lru_cache(maxsize=256)
def _catalogue_ids(words: str) -> frozenset[str]:
    m = match_must_do(words, data.venues(), data.gazetteer())
    ok = m.level in ("name", "kind", "tag") and m.verdict in ("one", "alternatives")
    return frozenset(v.id for v in m.venues) if ok else frozenset()


def soft_avoids(state: Mapping[str, Any]) -> list[dict]:
    """The frozen reading's soft avoids ("rather not", "not too many"): ``{"kind"|"venue",
    "quote"}`` each."""
    return [
        a
        for a in text_hints(state).get("avoid") or ()
        if isinstance(a, Mapping) and not a.get("hard")
    ]


def search_hints(state: Mapping[str, Any]) -> list[dict]:
    """For each wish: ``{"wish", "quote", "venues": [names], "query"}``, what to search for to
    find it (the catalogue venue's name when its words name one, else the words)."""
    out = []
    catalogue = data.venues()
    for w in wishes(state)[:MAX_WISHES]:
        words = str(w.get("venue") or "")
        found = [v for v in catalogue if wish_means(words, v)]
        query = found[0].name if len(found) == 1 else words
        out.append(
            {
                "wish": words,
                "quote": str(w.get("quote") or ""),
                "venues": [v.name for v in found][:4],
                "query": query,
            }
        )
    return out


def mark_results(state: Mapping[str, Any], answer: dict) -> dict:
    """``answer`` of a search with code's match of the run's avoids and wishes on each result:
    ``"avoided"`` (a hard avoid names it: never a stop), ``"avoid_soft"`` (a soft one does:
    ranked last) and ``"wished": true``. Unchanged when the run has neither."""
    hints = text_hints(state)
    if not answer.get("ok") or not (hints.get("avoid") or hints.get("wish") or hints.get("only")):
        return answer
    rules = Constraints(
        day=RunEvidence.of(state).now.date(), avoid=avoid_rules(hints), only=only_rule(hints)
    )
    soft = soft_avoids(state)
    wished = wishes(state)
    venues = found_venues(state)
    marked = []
    for r in answer.get("results") or []:
        v = venues.get(str(r.get("id"))) if isinstance(r, dict) else None
        if v is None:
            marked.append(r)
            continue
        extra: dict[str, Any] = {}
        rule = avoided(v, rules)
        if isinstance(rule, OnlyRule):  # "galleries only": of no kind the request allows
            extra["avoided"] = f"ruled out: the request asks for {rule.phrase} only ({rule.said})"
        elif rule is not None:
            extra["avoided"] = f"ruled out: the request says {rule.said}"
        else:
            hit = next((a for a in soft if (s := avoid_rule(a)) and s.refuses(v)), None)
            if hit is not None:
                extra["avoid_soft"] = f'the request would rather not: "{hit.get("quote")}"'
        if any(wish_means(str(w.get("venue")), v) for w in wished):
            extra["wished"] = True
        marked.append({**r, **extra} if extra else r)
    return {**answer, "results": marked}


def ruled_out(venues: Mapping[str, Venue], c: Constraints) -> dict[str, str]:
    """Venue id -> why a hard limit of the request leaves it out whatever the plan: a hard
    avoid, indoor venues only, or an audience that does not suit the party."""
    out = {}
    for vid, v in venues.items():
        rule = avoided(v, c)
        if isinstance(rule, OnlyRule):
            out[vid] = f"is ruled out: you also asked for {rule.phrase} only ({rule.said})"
        elif rule is not None:
            out[vid] = f"is ruled out: you also said {rule.said}"
        elif outdoor_excluded(v, c):
            out[vid] = "is outdoors, and you asked for indoor venues only"
        elif not audience_fits(v.audience, c.children):
            who = "children" if v.audience == "children" else "adults"
            out[vid] = f"is for {who}" + (f" ({v.audience_note})" if v.audience_note else "")
    return out


def state_wishes(
    state: MutableMapping[str, Any], result: CheckResult, c: Constraints, travel: TravelModel
) -> None:
    """On a passing check: state, as the ``wish:<n>`` assumptions, why each wish no stop meets
    is not planned (``core.preferences.unmet_wish``); a statement an earlier check made that no
    longer holds is withdrawn (the latest passing check is the one served)."""
    wished = wishes(state)
    ev = RunEvidence(state)
    if not wished and ev.assumption("wish:0") is None:
        return
    venues = found_venues(state)
    chosen = [s.venue_id for s in result.stops if s.venue_id]
    alone = replace(c, must_dos=())
    out = ruled_out(venues, alone)
    for i in range(MAX_WISHES):
        text = ""
        if i < len(wished):
            w = wished[i]
            matched = [v for v in venues.values() if wish_means(str(w.get("venue")), v)]
            quote = str(w.get("quote") or w.get("venue"))
            text = unmet_wish(quote, matched, chosen, alone, travel, out) or ""
        if text or ev.assumption(f"wish:{i}") is not None:
            add_assumption(state, f"wish:{i}", text)


def left_out(
    venues: Mapping[str, Venue], c: Constraints
) -> tuple[dict[str, Venue], dict[str, AvoidRule | OnlyRule]]:
    """``(kept, refused)``: the venues no hard avoid of ``c`` names and its "only" allows, and
    the others by id with the rule that refuses each."""
    refused = {vid: r for vid, v in venues.items() if (r := avoided(v, c)) is not None}
    return {vid: v for vid, v in venues.items() if vid not in refused}, refused


def refused_failures(
    failures: list[Failure],
    venues: Mapping[str, Venue],
    refused: Mapping[str, AvoidRule | OnlyRule],
    c: Constraints,
    travel: TravelModel,
) -> list[Failure]:
    """The failures of an empty itinerary (``tools.plan.found_but_unvisitable``, computed over
    the venues no hard avoid names) made true about the refused ones too:

    - the first (``no_candidates``) says how many were left out and why ("; 1 venue left out:
      the request says "not Lone Pine" (Lone Pine Koala Sanctuary)");
    - when a refused venue could be visited on its own but for the avoid, the avoid takes part
      in the conflict: each failure that speaks of the venues found says "that the request
      allows", and one ``avoided`` failure names the refused venues that would fit ("Lone Pine
      Koala Sanctuary fits this day on its own but is ruled out: the request says "not Lone
      Pine""). Otherwise the avoid plays no part and is only counted."""
    if not refused or not failures:
        return failures
    names = sorted(venues[vid].name for vid in refused)
    said = "; ".join(dict.fromkeys(_why(r) for r in refused.values()))
    more = f", +{len(names) - 3} more" if len(names) > 3 else ""
    note = (
        f"; {len(names)} venue{'s' if len(names) > 1 else ''} left out: "
        f"{said} ({', '.join(names[:3])}{more})"
    )
    head = failures[0]
    out = [replace(head, detail=(head.detail + note)[:500]), *failures[1:]]
    cands = [candidate_for(Pick(venue_id=vid), venues[vid], c) for vid in refused]
    problem = Problem(cands, replace(c, must_dos=(), avoid=(), only=None), travel)
    fits = [x.key for x in cands if alone_conflicts(problem, x) is None]
    if not fits:
        return out
    allowed = [  # "no venue found fits ...": of those the request allows (the avoid's part
        replace(f, detail=_ALLOWED.sub(r"\1 found that the request allows", f.detail, count=1))
        if f.code != "no_candidates"  # is the ``avoided`` failure below)
        else f
        for f in out
    ]

    def numbers(vid: str) -> str:  # what makes it fit: its leg from home and its cost
        v, x = venues[vid], next(x for x in cands if x.key == vid)
        try:
            leg = f"{travel.minutes(HOME, vid)} min from home, "
        except KeyError:
            leg = ""
        return f"{v.name} ({leg}{c.currency} {x.cost:g} for the party)"

    shown = [numbers(vid) for vid in sorted(fits, key=lambda vid: venues[vid].name)]
    rules = "; ".join(
        dict.fromkeys(
            _why(r) if isinstance(r := refused[vid], OnlyRule) else r.said for vid in fits
        )
    )
    listed = ", ".join(shown[:3]) + (f", +{len(shown) - 3} more" if len(shown) > 3 else "")
    verb = "fits" if len(shown) == 1 else "fit"
    detail = f"{listed} {verb} this day on its own but the request rules it out: {rules}"
    if len(shown) > 1:
        detail = f"{listed} {verb} this day each on its own but the request rules them out: {rules}"
    return [
        *allowed,
        Failure(
            "avoided",
            detail[:500],
            venue_id=fits[0] if len(fits) == 1 else None,
            values={"ruled_out": len(fits)},
        ),
    ]


_ALLOWED = re.compile(r"\b(venues?) found\b")


def _why(rule: AvoidRule | OnlyRule) -> str:
    """Why a rule of the request leaves a venue out: 'the request says "not Lone Pine"', 'you
    asked for art galleries only ("galleries only")'."""
    if isinstance(rule, OnlyRule):
        return f"you asked for {rule.phrase} only ({rule.said})"
    return f"the request says {rule.said}"
