"""Plays given Deal-or-No-Deal dialogues in OpenSpiel's bargaining game and prints its returns.

Input (argv[1]): JSON {"instances_file": path, "cases": [{"board": i, "offers": [[book, hat, ball], ...],
"agree": bool}], "board_count": n}; each offer is what its proposer takes, players alternating from player 0. An agreeing case ends
with OpenSpiel's Agree action; a non-agreeing one is played in a game whose max_turns is its number of offers, so
that it ends, as OpenSpiel's game does, when the offers run out. Output (stdout): JSON {"returns": [[r0, r1], ...],
"boards": ["pool values0 values1", ...]} with every board of the file as OpenSpiel read it.
"""
import json
import re
import sys

import pyspiel


def offer_label(q):
    return "Offer: Book: %d, Hat: %d, Basketball: %d" % tuple(q)


def main():
    spec = json.load(open(sys.argv[1]))
    path = spec["instances_file"]
    games = {}

    def game(max_turns):
        if max_turns not in games:
            games[max_turns] = pyspiel.load_game("bargaining", {"instances_file": path, "max_turns": max_turns})
        return games[max_turns]

    returns = []
    for case in spec["cases"]:
        g = game(10 if case["agree"] else len(case["offers"]))
        state = g.new_initial_state()
        state.apply_action(case["board"])
        for q in case["offers"]:
            labels = {state.action_to_string(state.current_player(), a): a for a in state.legal_actions()}
            state.apply_action(labels[offer_label(q)])
        if case["agree"]:
            labels = {state.action_to_string(state.current_player(), a): a for a in state.legal_actions()}
            state.apply_action(labels["Agree"])
        if not state.is_terminal():
            raise SystemExit("case %r did not end the game" % (case,))
        returns.append(list(state.returns()))
    boards = []
    g = game(10)
    number = re.compile(r"\d+")
    for i in range(spec["board_count"]):
        state = g.new_initial_state()
        state.apply_action(i)
        nums = [int(x) for x in number.findall(state.to_string().split("Agreement")[0])]
        # "Pool: Book: a, Hat: b, Basketball: c", then "P0 vals: ..." and "P1 vals: ..." (the 0 and 1 are skipped)
        pool, v0, v1 = nums[0:3], nums[4:7], nums[8:11]
        boards.append("%s %s %s" % (",".join(map(str, pool)), ",".join(map(str, v0)), ",".join(map(str, v1))))
    json.dump({"returns": returns, "boards": boards}, sys.stdout)


if __name__ == "__main__":
    main()
