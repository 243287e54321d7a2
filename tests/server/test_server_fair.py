"""Fair to people (issue 29) on the manual clock: a bot's roll waits for a person's rent claim
window (ended early by a claim or a "let it go"), a lapsed claim is told to its owner; an absent
person's seat gets a stand-in bot after the grace period and is taken back on return; the host's
stand-in, remove, pause and resume, refused to anyone else."""

from __future__ import annotations

import time

import pytest
from support.server_helpers import SECRET_KEYS, Player, table, wait_game, walk

# Ann (a person) rolls 3, buys square 3 and ends her turn; the first bot rolls 3 onto it and owes her
# rent (hasbro-ru: claimed before the next roll); the second bot's roll would end the claim.
BOT = {"kind": "bot", "strategy": "baseline"}
CLAIM_SEATS = [{"kind": "person"}, BOT, BOT]
CLAIM_DICE = [[1, 2], [1, 2], [3, 4], [5, 6]]
CLAIM_GAME = {"ruleset": "hasbro-ru", "seats": CLAIM_SEATS, "dice": CLAIM_DICE, "first_player": 0}


def rent_owed(t) -> Player:
    """Ann's socket once the second bot is to roll and her claim is open."""
    ann = t.ann
    play(ann, {"type": "roll"}, {"type": "buy"}, {"type": "end_turn"})
    return ann.wait_view(lambda v: v.get("claims") and v["decision"]["seat"] == 2)


def play(p: Player, *acts: dict) -> None:
    """Acts one after the other, each on the view its predecessor made."""
    for action in acts:
        ack = p.act(action)
        assert ack["type"] == "ack", (action, ack)
        p.wait_view(lambda v, n=ack["version"]: v["version"] >= n)


def actions(t) -> int:
    return len(t.client.get(f"/api/testing/games/{t.code}").json()["actions"])


def test_a_bot_waits_for_the_claim_window_then_the_owner_hears_the_rent_lapsed(tmp_path):
    with table(tmp_path, **CLAIM_GAME) as t:
        view = rent_owed(t)
        (claim,) = view["claims"]
        assert claim["owner"] == 0 and claim["amount"] > 0
        assert claim["ends_at"] - t.clock.wall() == pytest.approx(6, abs=0.01)  # the window, on the page
        claim_act = [a for a in t.ann.acts if a["action"]["type"] == "claim_rent"]
        assert claim_act, t.ann.acts
        held = actions(t)
        time.sleep(0.6)  # real time passes, the game's clock stands: the bot still waits
        assert actions(t) == held
        t.clock.advance(5)
        time.sleep(0.3)
        assert actions(t) == held
        t.clock.advance(1.5)  # the window is over: the bot rolls, the claim lapses
        notice = t.ann.read_until(lambda m: m["type"] == "notice")
        assert notice["kind"] == "rent_lapsed" and notice["amount"] == claim["amount"]
        assert "was not claimed before the next roll" in notice["text"]
        assert actions(t) > held
        text = next(raw for raw in t.ann.raw if '"notice"' in raw)  # the notice carries no secret
        assert t.made["host_token"] not in text and t.made["token"] not in text
        assert not [key for _, key, _ in walk(notice) if key in SECRET_KEYS]


def test_the_window_ends_early_when_the_person_claims(tmp_path):
    with table(tmp_path, **CLAIM_GAME) as t:
        rent_owed(t)
        held = actions(t)
        claim = next(a["action"] for a in t.ann.acts if a["action"]["type"] == "claim_rent")
        assert t.ann.act(claim)["type"] == "ack"
        wait_game(t.client, t.code, lambda i: len(i["actions"]) > held + 1, timeout=10)  # the bot rolled
        assert not any(m["type"] == "notice" for m in t.ann.messages)


def test_the_window_ends_early_when_the_person_lets_it_go(tmp_path):
    with table(tmp_path, lang="ru", **CLAIM_GAME) as t:
        rent_owed(t)
        held = actions(t)
        t.ann.send({"type": "let_go", "id": 7})
        assert t.ann.read_until(lambda m: m.get("id") == 7)["type"] == "ack"
        wait_game(t.client, t.code, lambda i: len(i["actions"]) > held, timeout=10)  # no clock moved
        notice = t.ann.read_until(lambda m: m["type"] == "notice")
        assert "не потребовали" in notice["text"]  # told in the owner's language


def test_let_go_is_checked(tmp_path):
    with table(tmp_path, **CLAIM_GAME) as t:
        watcher = Player(t.client, t.code, None)
        watcher.send({"type": "let_go", "id": 1})
        assert watcher.read_until(lambda m: m.get("id") == 1)["code"] == "spectator"
        t.ann.send({"type": "let_go", "id": 2, "seat": 1})
        assert t.ann.read_until(lambda m: m.get("id") == 2)["code"] == "bad_message"


def test_rolling_over_ones_own_claim_is_confirmed_first(tmp_path):
    dice = [[1, 2], [1, 2], [3, 4]]
    seats = [{"kind": "person"}, {"kind": "bot", "strategy": "baseline"}]
    with table(tmp_path, ruleset="hasbro-ru", seats=seats, dice=dice, first_player=0) as t:
        play(t.ann, {"type": "roll"}, {"type": "buy"}, {"type": "end_turn"})
        t.ann.wait_view(lambda v: v.get("claims") and v["decision"]["seat"] == 0)
        roll = next(a for a in t.ann.acts if a["action"]["type"] == "roll")
        assert roll["confirm"].startswith("You have ") and "rent to claim" in roll["confirm"]


PEOPLE = [{"kind": "person"}, {"kind": "person"}]


def test_an_absent_person_gets_a_stand_in_after_the_grace_period_and_takes_the_seat_back(tmp_path):
    with table(tmp_path, bob="Bob", bob_lang=None, seats=PEOPLE, first_player=1, absent_seconds=45) as t:
        view = t.ann.wait_view(lambda v: v["state"] is not None)
        bob = view["game"]["seats"][1]
        assert bob["connected"] is False and bob["standin"] is False
        assert bob["standin_at"] - bob["away_at"] == 45
        t.clock.advance(44)
        time.sleep(0.4)
        assert actions(t) == 0  # the table waits for Bob's grace period
        t.clock.advance(2)
        wait_game(t.client, t.code, lambda i: len(i["actions"]) > 0, timeout=10)  # the stand-in played
        assert t.ann.wait_view(lambda v: v["game"]["seats"][1]["standin"])["game"]["seats"][1]["standin"]
        back = Player(t.client, t.code, t.joined["token"])  # Bob is back with his token
        seat = back.view["game"]["seats"][1]
        assert seat["connected"] and not seat["standin"] and "away_at" not in seat


def host(t, path: str, token: str | None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return t.client.post(f"/api/games/{t.code}/{path}", headers=headers)


def test_the_host_replaces_removes_pauses_and_resumes(tmp_path):
    seats = [{"kind": "person"}, {"kind": "person"}]
    with table(tmp_path, bob="Bob", seats=seats, first_player=1) as t:
        ht = t.made["host_token"]
        r = host(t, "seats/1/standin", ht)
        assert r.status_code == 200, r.text
        assert r.json()["seats"][1]["standin"] is False  # Bob is connected: he plays on
        r = host(t, "pause", ht)
        assert r.status_code == 200 and r.json()["paused"]["until"] > t.clock.wall()
        refused = t.bob.act({"type": "roll"})
        assert refused["type"] == "refused" and refused["rule"] == "paused"
        assert host(t, "resume", ht).json()["paused"] is None
        t.bob.sync()
        assert t.bob.act({"type": "roll"})["type"] == "ack"
        r = host(t, "seats/1/remove", ht)
        assert r.status_code == 200 and r.json()["seats"][1]["kind"] == "bot"
        t.bob.send({"type": "hello", "token": t.joined["token"]})  # Bob's token holds no seat any more
        assert t.bob.read_until(lambda m: m["type"] == "error")["code"] == "bad_token"
        r = host(t, "seats/1/remove", ht)
        assert r.status_code == 409  # not a person's seat now
        n = actions(t)
        end = time.monotonic() + 20
        while not any(seat == 1 for seat, _ in t.client.get(f"/api/testing/games/{t.code}").json()["actions"][n:]):
            assert time.monotonic() < end, "the bot never played Bob's seat"
            view = t.ann.sync()
            if view["decision"] and view["decision"]["seat"] == 0:
                t.ann.act(t.ann.answers()[0])
            time.sleep(0.05)


def test_a_stand_in_at_the_hosts_word_for_an_absent_person(tmp_path):
    with table(tmp_path, bob="Bob", bob_lang=None, seats=PEOPLE, first_player=1) as t:
        r = host(t, "seats/1/standin", t.made["host_token"])
        assert r.status_code == 200 and r.json()["seats"][1]["standin"] is True
        wait_game(t.client, t.code, lambda i: len(i["actions"]) > 0, timeout=10)  # no grace period waited


def test_the_hosts_controls_refuse_anyone_else(tmp_path):
    with table(tmp_path, bob="Bob", seats=PEOPLE, first_player=1) as t:
        for path in ("seats/1/standin", "seats/1/remove", "pause", "resume"):
            assert host(t, path, t.made["token"]).status_code == 403, path  # a seat token
            assert host(t, path, "forged").status_code == 403, path
            assert host(t, path, None).status_code == 401, path
        assert host(t, "seats/9/remove", t.made["host_token"]).status_code == 422  # no such seat
        assert host(t, "seats/0/remove", "forged").status_code == 403
        assert t.client.get(f"/api/games/{t.code}").json()["seats"][1]["kind"] == "person"


def test_a_pause_ends_by_itself(tmp_path):
    with table(tmp_path, bob="Bob", seats=PEOPLE, first_player=1) as t:
        assert host(t, "pause", t.made["host_token"]).status_code == 200
        t.clock.advance(15 * 60 + 1)
        t.bob.wait_view(lambda v: v["game"]["paused"] is None)
        assert t.bob.act({"type": "roll"})["type"] == "ack"
