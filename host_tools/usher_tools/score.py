"""Offline re-scoring: replay a record with the firmware's own rules modules."""

import json

from usher_tools.paths import use_firmware


class ScoreError(Exception):
    pass


def parse_record(text: str) -> tuple:
    """(header, records). Lines may carry a CRC (`json*crc`, checked) or be
    plain JSON (hand-written). Blank lines and lines starting with # are skipped."""
    use_firmware()
    from usher.core.record import decode_line

    objs = []
    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        star = line.rfind("*")
        if star > 0 and len(line) - star == 9 and line[-8:].isalnum() and line[star - 1] in "}]":
            obj = decode_line((line + "\n").encode())
            if obj is None:
                raise ScoreError("line %d: CRC check failed" % no)
        else:
            try:
                obj = json.loads(line)
            except ValueError as e:
                raise ScoreError("line %d: not JSON (%s)" % (no, e)) from None
        objs.append(obj)
    if not objs or not isinstance(objs[0], dict) or "game" not in objs[0]:
        raise ScoreError("line 1: header with a game is missing")
    return objs[0], objs[1:]


def score_record(header: dict, records: list, sheet: bool = False) -> dict:
    """The standings after replaying `records`; with `sheet`, also the game's
    own score sheet (e.g. Films' tickets by kind) when it has one."""
    use_firmware()
    from usher.core.errors import RuleError
    from usher.core.match import UNDO
    from usher.games.catalog import load_game

    try:
        game = load_game(header["game"])
    except RuleError as e:
        raise ScoreError("header: %s" % e) from None
    if header.get("usher", 1) != 1:
        raise ScoreError("header: record format %s unknown" % header.get("usher"))
    setup = header.get("setup")
    if not isinstance(setup, dict):
        raise ScoreError("header: setup missing")
    try:
        state = game.new(setup)
    except (RuleError, KeyError, TypeError, ValueError) as e:
        raise ScoreError("header: bad setup (%s)" % e) from None
    from usher.core.data import clone
    from usher.core.game import Game

    # Without undos no earlier state is ever needed again, so each action can
    # go through the game's own `step` on one private copy instead of `apply`
    # copying the whole state per action (the same rules code; what makes
    # re-scoring a hundred synced games take a blink rather than seconds).
    if type(game).apply is Game.apply and not any(isinstance(a, dict) and a.get("t") == UNDO for a in records):
        return _result(game, _fast_replay(game, clone(state), records), sheet)
    done: list = []  # states before each action still in force, for undo
    for i, action in enumerate(records, 1):
        if isinstance(action, dict) and action.get("t") == UNDO:
            for _ in range(action.get("n", 1)):
                if done:
                    state = done.pop()
            continue
        try:
            new = game.apply(state, action)
        except RuleError as e:
            raise ScoreError("action %d %s: %s" % (i, json.dumps(action)[:60], e)) from None
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise ScoreError("action %d %s: malformed (%r)" % (i, json.dumps(action)[:60], e)) from None
        done.append(state)
        state = new
    return _result(game, state, sheet)


def _fast_replay(game, state: dict, records: list) -> dict:  # type: ignore[no-untyped-def]
    from usher.core.errors import RuleError

    for i, action in enumerate(records, 1):
        if not isinstance(action, dict) or not isinstance(action.get("t"), str):
            raise ScoreError("action %d %s: bad action" % (i, json.dumps(action)[:60]))
        try:
            game.step(state, action)
        except RuleError as e:
            raise ScoreError("action %d %s: %s" % (i, json.dumps(action)[:60], e)) from None
        except (KeyError, TypeError, ValueError, IndexError) as e:
            raise ScoreError("action %d %s: malformed (%r)" % (i, json.dumps(action)[:60], e)) from None
    return state


def _result(game, state: dict, sheet: bool = False) -> dict:  # type: ignore[no-untyped-def]
    standings = game.standings(state)
    over = game.is_over(state)
    winners = [s["name"] for s in standings if s["rank"] == 1] if over and standings else []
    out = {
        "game": game.name,
        "finished": over,
        "players": [{"name": s["name"], "score": s["score"], "rank": s["rank"]} for s in standings],
        "winner": winners[0] if len(winners) == 1 else (winners or None),
    }
    if sheet:
        from usher_tools.records import score_sheet

        table = score_sheet(game, state)
        if table is not None:
            out["sheet"] = table
    return out


def score_file(path: str) -> dict:
    with open(path, encoding="utf-8") as f:
        header, records = parse_record(f.read())
    return score_record(header, records, sheet=True)
