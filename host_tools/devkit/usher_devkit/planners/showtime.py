"""A whole Showtime game on the simulator, from a generated button script.

`plan_game` plays a game on the host with the firmware's own rules and
cursor logic (usher.ui.showtime.pick) and writes down, for every choice,
the presses that lead the device's screens to it: the person picker starts
on the first person in number order, the seat cursor on the seat
`start_seat` names, and so on, each moved the shorter way round. The
device's own draws (posters, start player) are replayed with the same Rng
and seed the simulator gives the app, so the script needs no feedback.
Players hold real hands (16 shuffled cards, four in hand, one drawn a turn)
and answer the genre question from a fixed table of printed genres.

`run_game` plays the script on the simulator (lockstep, 256K heap (the Pico's 192 KB, 64-bit), the
firmware compiled), then reads the record back from the virtual flash,
checks it is the game that was planned, and re-scores it.
"""

import json
import random
import statistics

from usher_tools.paths import use_firmware

DEVICE_SEED = 7  # the app's Rng seed in the simulator: posters and start player follow from it
ROSTER = ["Anna", "Ben", "Cleo", "Dev"]  # the first names of the default roster
GENRES = ("fantasy", "scifi", "romance", "comedy")


def steps(frm: int, to: int, n: int) -> int:
    """Presses from index frm to index to in a wrapping list of n: positive
    means `next`, negative `prev`, whichever is shorter."""
    d = (to - frm) % n
    return d if d <= n - d else d - n


def printed_genres(r: random.Random) -> list:
    """A genre table standing in for the printed cards (players answer from it)."""
    table = []
    for card in range(1, 17):
        k = 2 if card >= 13 else 1
        table.append(r.sample(GENRES, k))
    return table


class Planner:
    def __init__(self, n: int = 4, seed: int = 1, policy: str = "greedy", device_seed: int = DEVICE_SEED) -> None:
        use_firmware()
        from usher.core.rng import Rng
        from usher.games.catalog import load_game
        from usher.games.showtime.settings import defaults

        self.G = load_game("showtime")
        self.n = n
        self.policy = policy
        self.r = random.Random(seed)
        self.device = Rng(device_seed)
        self.genres = printed_genres(self.r)
        players = [{"name": ROSTER[i], "colour": i} for i in range(n)]
        opts = {"first": None, "posters": "draw", "cut": None}
        self.setup = self.G.make_setup(players, opts, {"stars": defaults()["stars"][:n], "genres": None})
        self.state = self.G.new(self.setup)
        self.actions: list = []  # as the record will hold them (without "at")
        self.lines: list = []
        self.placements: list = []  # presses per placement
        self.parts: list = []  # per placement: presses for the person, seat, target, genre question
        self.decks = []
        for _ in range(n):
            deck = list(range(1, 17))
            self.r.shuffle(deck)
            self.decks.append(deck)
        self.hands = [self.decks[p][:4] for p in range(n)]
        self.drawn = [4] * n

    # -- the script ------------------------------------------------------------
    def press(self, key: str, times: int = 1) -> int:
        if times > 0:
            self.lines.append("%s %d" % (key, times) if times > 1 else key)
        return max(times, 0)

    def walk(self, frm: int, to: int, n: int) -> int:
        d = steps(frm, to, n)
        return self.press("next", d) if d > 0 else self.press("prev", -d)

    def apply(self, a: dict) -> None:
        self.state = self.G.apply(self.state, a)
        self.actions.append(a)

    def device_draws(self) -> None:
        """What the device does after the summary (or at the start): draw the poster, and the start player once."""
        self.apply(self.G.roll(self.state, {"t": "poster"}, self.device))
        if self.state["phase"] == "first":
            self.apply(self.G.roll(self.state, {"t": "first"}, self.device))

    # -- the players -------------------------------------------------------------
    def candidates(self, p: int) -> list:
        from usher.ui.showtime import pick as pick

        out = []
        for card in self.hands[p]:
            for i in pick.seats_for(self.state, card):
                tg = pick.targets(self.state, card, i) if self.state["seats"][i] else [-1]
                for j in tg:
                    out.append((card, i, j))
        return out

    def value(self, p: int, c: tuple) -> float:
        from usher.core.data import clone
        from usher.games.showtime.game import score_screening

        s = self.G.apply(self.state, self.action(p, c, self.likes(c[0])))
        if s["phase"] == "place":
            s = clone(s)
            score_screening(s)
        gain = [s["total"][q] - self.state["total"][q] for q in range(self.n)]
        others = [gain[q] for q in range(self.n) if q != p]
        return gain[p] - sum(others) / len(others)

    def likes(self, card: int) -> bool:
        return self.state["posters"][-1] in self.genres[card - 1]

    def action(self, p: int, c: tuple, likes: bool) -> dict:
        card, i, j = c
        a = {"t": "place", "p": p, "card": card, "row": i // 4 + 1, "seat": i % 4 + 1}
        if j >= 0:
            a["to"] = [j // 4 + 1, j % 4 + 1]
        a["genre"] = likes
        return a

    def choose(self, p: int) -> tuple:
        cands = self.candidates(p)
        if self.policy == "random":
            return self.r.choice(cands)
        scored = [(self.value(p, c), self.r.random(), c) for c in cands]
        scored.sort(reverse=True)
        return scored[0][2]

    # -- one turn ----------------------------------------------------------------
    def turn(self) -> None:
        from usher.games.showtime.game import to_move
        from usher.ui.showtime import pick as pick

        s = self.state
        p = to_move(s)
        card, i, j = c = self.choose(p)
        cards = pick.hand(s, p)
        part = [self.walk(0, cards.index(card), len(cards)) + self.press("ok")]  # the person
        offer = pick.seats_for(s, card)
        part.append(self.walk(pick.start_seat(s, p, card, offer), offer.index(i), len(offer)) + self.press("ok"))
        part.append(0)  # where a displaced person goes
        if j >= 0:
            tg = pick.targets(s, card, i)
            if len(tg) > 1:
                part[2] = self.walk(pick.start_target(s, p, i, tg), tg.index(j), len(tg)) + self.press("ok")
        likes = self.likes(card)
        known = pick.genre_known(s, pick.answers(self.actions), card)
        part.append(0 if known is not None else self.press("ok" if likes else "prev"))  # OK yes, left no
        assert known is None or known == likes, "the device inferred a genre the players would not answer"
        self.apply(self.action(p, c, likes))
        self.placements.append(sum(part))
        self.parts.append(part)
        hand = self.hands[p]
        hand.remove(card)
        if self.drawn[p] < 16:
            hand.append(self.decks[p][self.drawn[p]])
            self.drawn[p] += 1

    def undo_last(self) -> None:
        """Through the game menu: Undo last, confirm; the placement is then made again."""
        self.press("back")  # the menu: Back to game, Undo last, ...
        self.press("next")
        self.press("ok")
        self.press("ok")  # yes
        last = self.actions.pop()
        from usher.core.match import replay

        self.state = replay(self.G, self.setup, self.actions)
        p = last["p"]
        # the card goes back into the hand in place of the one drawn after it
        self.drawn[p] -= 1
        self.hands[p].remove(self.decks[p][self.drawn[p]])
        self.hands[p].append(last["card"])
        self.placements.pop()
        self.parts.pop()

    def plan(self, undo_at: int = 20, carpet_at: int = 24, cut_at: int = 8, full_replays: int = 1) -> str:
        """The script: `undo_at`, `carpet_at`, `cut_at` are placements after
        which an undo, a look at the red carpet, and a power cut happen."""
        self.lines = ["wait 300", "ok", "ok"]  # home: New game; Showtime
        self.press("prev", 4 - self.n)  # the players picker starts on 4
        self.press("ok")
        self.press("ok", self.n)  # seats: the roster's names in order
        self.lines.append("shot setup")
        self.press("ok")  # Start
        self.device_draws()
        self.lines.append("wait 100")
        self.lines.append("shot splash")
        self.press("ok")
        done = 0
        while True:
            s = self.state
            if s["phase"] == "place":
                if done == 0:
                    self.lines.append("shot pick")
                if done == carpet_at:
                    self.press("ok_long")
                    self.lines.append("shot carpet")
                    self.press("ok")
                self.turn()
                done += 1
                if done == undo_at:
                    self.undo_last()
                    self.turn()
                if done == cut_at:  # the game comes back at power-on, where it was
                    self.lines += ["powercut", "restart", "wait 300", "shot resumed"]
                    from usher.core.rng import Rng

                    self.device = Rng(DEVICE_SEED)  # the app seeds its Rng again at boot
                continue
            # the screening was scored: step through the replay, or skip it
            if s["screening"] <= full_replays:
                self.lines.append("shot replay")
                self.press("ok", len(s["steps"]))
            else:
                self.press("back")
            self.lines.append("shot summary%d" % s["screening"])
            self.press("ok")
            if s["phase"] == "over":
                break
            self.device_draws()
            self.press("ok")  # the splash
        self.lines.append("wait 200")
        return "\n".join(self.lines) + "\n"

    def figures(self) -> dict:
        parts = self.parts
        return {
            "placements": len(self.placements),
            "median": statistics.median(self.placements),
            "max": max(self.placements),
            "mean": round(statistics.mean(self.placements), 2),
            "mean_parts": [round(statistics.mean([x[k] for x in parts]), 2) for k in range(4)],
        }


def plan_game(n: int = 4, seed: int = 1, policy: str = "greedy") -> Planner:
    pl = Planner(n, seed, policy)
    pl.plan()
    return pl


def full_plan(profile: str) -> dict:
    """The full scripted game (planners.full_games): four players, seed 1."""
    pl = plan_game(4, 1)
    return {"text": "\n".join(pl.lines) + "\n", "seed": DEVICE_SEED, "actions": pl.actions, "record": ""}


def press_figures(games: int = 20, n: int = 4, policy: str = "greedy") -> dict:
    """Presses per placement over many planned games (no simulator needed)."""
    allp: list = []
    parts: list = []
    for seed in range(1, games + 1):
        pl = plan_game(n, seed, policy)
        allp += pl.placements
        parts += pl.parts
    return {
        "games": games,
        "placements": len(allp),
        "median": statistics.median(allp),
        "max": max(allp),
        "mean": round(statistics.mean(allp), 2),
        "mean_parts": [round(statistics.mean([x[k] for x in parts]), 2) for k in range(4)],
    }


def run_game(n: int = 4, seed: int = 1, profile: str = "lcd114", shots: str = "", policy: str = "greedy") -> dict:
    """Plan a game, play it on the simulator, check the record; the figures."""
    from usher_devkit.planners import full_games

    pl = plan_game(n, seed, policy)
    res, files = full_games.on_sim("\n".join(pl.lines) + "\n", profile, DEVICE_SEED, shots)
    out = {"script_error": res["error"], "peak_heap": res["firmware_peak_heap"], "presses": res["presses"]}
    out["stderr"] = res["device_stderr"][-1500:]
    out["wall_s"] = res["wall_s"]
    out["pixels_per_press"] = res["pixels_per_press"]
    out.update(pl.figures())
    out.update(full_games.check_record({"record": "", "actions": pl.actions}, files))
    out["planned_totals"] = list(pl.state["total"])
    return out


if __name__ == "__main__":
    print(json.dumps(run_game(), indent=1))
