"""``GET /v1/saved-plans/{plan_id}``: a saved plan, for its owner only.

The owner is the user who saved it (the token's ``sub`` at save time, see
``dayplan.service.auth``). Anyone else gets the same ``404`` problem as for an id that does not
exist, so the endpoint never confirms that someone else's plan exists.

Include it in an app with ``app.include_router(saved.router)`` and register
``auth.problem_handler`` for ``auth.ProblemError``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Path
from pydantic import BaseModel, Field

from dayplan.service.auth import ProblemError, current_user
from dayplan.service.problems import problem_responses
from dayplan.store import get_store

router = APIRouter(tags=["saved plans"])


class SavedPlanRecord(BaseModel):
    """A saved plan as stored: its id, the request id it was saved under, the plan key (checked
    stops as ``venue@HH:MM-HH:MM|…``), the checked plan (``date``, ``stops``, ``travel_home``,
    ``totals``; times local ``HH:MM``, minutes, money in the plan's currency) and when it was
    saved (UTC ISO 8601)."""

    plan_id: str
    request_id: str
    plan_key: str
    plan: dict[str, Any]
    created_at: str
    content_hash: str = Field(description="SHA-256 of the canonical plan JSON")


@router.get(
    "/v1/saved-plans/{plan_id}",
    response_model=SavedPlanRecord,
    responses=problem_responses(401, 404, 422, 500, 503),
)
def get_saved_plan(
    plan_id: Annotated[str, Path(min_length=1, max_length=64)],
    user: Annotated[str, Depends(current_user)],
) -> SavedPlanRecord:
    """The caller's saved plan ``plan_id``; 404 problem when it is not theirs or does not exist."""
    row = get_store().get_plan(plan_id, user_id=user)
    if row is None:
        raise ProblemError(404, "Not Found", f"no saved plan {plan_id!r} for this user")
    return SavedPlanRecord(
        plan_id=row.plan_id,
        request_id=row.request_id,
        plan_key=row.plan_key,
        plan=row.plan,
        created_at=row.created_at,
        content_hash=row.plan_hash,
    )
