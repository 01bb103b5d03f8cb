"""A yardstick for simulation speed on a noisy machine (the project's own copy, so that
`fracas bench` works anywhere; it is not rules code and uses the `random` module freely).

The smallest honest combat loop there is: N fighters against N orcs, d20 against
armour class, a random living target, damage until one side is down. It knows
none of the rules fracas implements, so it is not a peer; it is a ruler. Timing
it in the same process, right before and after the engine under test, turns an
absolute speed (which drifts from run to run on shared machines) into a ratio
that holds:  engine battles/s  ÷  yardstick battles/s.

    python yardstick.py [seconds]      # prints 1v1 and 4v4 battles/s
"""

from __future__ import annotations

import random
import sys
import time

FIGHTER = (17, 4, 22, 8, 1)  # THAC0, AC, HP, damage die, damage bonus
ORC = (19, 6, 15, 8, 0)


Stats = tuple[int, int, int, int, int]


def battle(rng: random.Random, n: int = 4, a: Stats = FIGHTER, b: Stats = ORC) -> tuple[int, int]:
    """One battle, side A acting before side B each round. Returns (winner, rounds)."""
    rr = rng.randrange
    hp = [[a[2]] * n, [b[2]] * n]
    stats = (a, b)
    rounds = 0
    while True:
        rounds += 1
        for side in (0, 1):
            me, foe = stats[side], stats[1 - side]
            need = me[0] - foe[1]
            my_hp, foe_hp = hp[side], hp[1 - side]
            for i in range(n):
                if my_hp[i] <= 0:
                    continue
                alive = [j for j in range(n) if foe_hp[j] > 0]
                if not alive:
                    return side, rounds
                j = alive[rr(len(alive))]
                roll = rr(20) + 1
                if roll == 20 or roll >= need:
                    dmg = rr(me[3]) + 1 + me[4]
                    foe_hp[j] -= dmg * 2 if roll == 20 else dmg
        if not any(h > 0 for h in hp[1]):
            return 0, rounds
        if not any(h > 0 for h in hp[0]):
            return 1, rounds


def rate(n: int, seconds: float = 2.0, seed: int = 7) -> float:
    """Battles per second of the yardstick for n against n, over about `seconds`."""
    rng = random.Random(seed)
    count = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        battle(rng, n)
        count += 1
    return count / (time.perf_counter() - start)


if __name__ == "__main__":
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 2.0
    for n in (1, 4):
        print(f"{n}v{n}: {rate(n, seconds):,.0f} battles/s")
