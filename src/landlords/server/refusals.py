"""The lobby's refusals in the reader's language: a refusal has a code and parameters (``name_taken``,
``{"name": "Ann"}``); its ``detail`` is the catalog's ``lobby.<code>`` in the language the request asks
for (``Accept-Language``: the page sends its own), English by default, and the answer carries the code
and parameters beside it, so a client can word it itself."""

from __future__ import annotations

from typing import Any

from fastapi import HTTPException, Request
from fastapi.responses import JSONResponse

from ..i18n import DEFAULT, LANGUAGES, tr


class Refusal(HTTPException):
    """An HTTP error with a catalog code (``lobby.<code>``) and its parameters."""

    def __init__(self, status: int, code: str, /, headers: dict[str, str] | None = None, **params: Any) -> None:
        # text from the request may hold a lone surrogate, which UTF-8 cannot encode: escaped
        params = {
            k: v.encode("utf-8", "backslashreplace").decode() if isinstance(v, str) else v
            for k, v in params.items()
        }
        super().__init__(status, _words(DEFAULT, code, params), headers=headers)
        self.code = code
        self.params = params


def _words(lang: str, code: str, params: dict[str, Any]) -> str:
    """The refusal in ``lang``; a reason from the engine (English, ``{reason}`` alone) as it is."""
    if lang == DEFAULT and set(params) == {"reason"}:
        return str(params["reason"])
    return tr(lang, f"lobby.{code}", **params)


def request_language(request: Request) -> str:
    """The first language of the request's ``Accept-Language`` the catalogs have, else English."""
    for part in request.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip()[:2].lower()
        if code in LANGUAGES:
            return code
    return DEFAULT


async def answer(request: Request, exc: Refusal) -> JSONResponse:
    lang = request_language(request)
    params = {k: v for k, v in exc.params.items() if isinstance(v, str | int | float)}
    body = {"detail": _words(lang, exc.code, exc.params), "code": exc.code, "params": params}
    return JSONResponse(body, status_code=exc.status_code, headers=exc.headers)


def invalid(request: Request, errors: list[Any]) -> dict[str, Any]:
    """A request's validation errors as the answer's body; a blank or missing ``name`` among them
    also as the catalog's words (``code`` name_empty and ``message`` in the request's language), so a
    page never shows pydantic's "String should have at least 1 character"."""
    body: dict[str, Any] = {"detail": errors}
    if any(
        list(e.get("loc", ()))[-1:] == ["name"] and e.get("type") in ("string_too_short", "missing")
        for e in errors
    ):
        body.update(code="name_empty", params={}, message=tr(request_language(request), "lobby.name_empty"))
    return body
