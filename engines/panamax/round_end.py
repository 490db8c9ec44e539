"""The end of a round (§6) and of the game (§8), and the maintenance between rounds (§7).

When the table is empty the Rail table's step is derived at once: the 1st wagon's
dice move to the 2nd, the new turn order follows their sums (``market.rail_order``),
and they move on to the platform; those companies then take ONE flag each, in that
order (``rail_flag_taken``).  Then each company, in turn order, pays its Cargo Fees
(``cargo_fees``: the rate of each zone is declared, the rulebook prints none) and its
Dividends (``dividends``: the Market table's dividend per share is declared).  The
Managing Director Award follows from those, and the maintenance: the Dice Pool goes
back to the Warehouse, the rail flags are refilled, and the next round's Action table
is rolled.  After round 3 each player reveals their Financial Advisor cards
(``financial_advisor_revealed``) and the game is over.  A flag taken from the platform
brings its free action (``flags``), used before the round goes on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engines.base import State, Violation
from engines.declared import Fact, conflicts, declare
from engines.panamax import action_table, flags, market, money, turns
from engines.panamax.state import MARKET_FLOOR, NATIONS, ROUNDS

RAIL_RULE = "Rail table"
FEES_RULE = "Pay Cargo Fees"
DIVIDEND_RULE = "Pay Dividends"
END_RULE = "End of the Game"
NOT_IN_CANAL = ("WAITING ATLANTIC", "WAITING PACIFIC")  # fees are for dice "transiting ... and in any Loading zone"


def _companies_in_order(state: State) -> list[str]:
    return [state["players"][name]["company"] for name in state["turn_order"]]


def start_end_of_round(state: State) -> None:
    """PX-E2: wagons and platform, the new turn order; then the flag picks or the fees."""
    rail = state["rail"]
    rail["wagon2"], rail["wagon1"] = rail["wagon1"], []
    order = market.rail_order(rail["wagon2"], _companies_in_order(state))
    managers = {state["players"][name]["company"]: name for name in state["seats"]}
    state["turn_order"] = [managers[company] for company in order]
    rail["platform"], rail["wagon2"] = rail["wagon2"], []
    pickers = market.rail_order(rail["platform"], [])
    state["end_of_round"] = {"flag_pickers": [managers[c] for c in pickers], "fees_due": [], "dividends_due": [],
                             "paid": {}}
    state["phase"] = "END_RAIL"
    advance(state)


def advance(state: State) -> None:
    """Move on from a step with nothing left to record (a flag's free action is part of its pick)."""
    end = state["end_of_round"]
    if state.get("free_action") or state.get("turn"):
        return
    if state["phase"] == "END_RAIL" and not end["flag_pickers"]:
        state["rail"]["platform"] = []
        state["phase"], end["fees_due"] = "END_FEES", _companies_in_order(state)
    if state["phase"] == "END_FEES" and not end["fees_due"]:
        state["phase"], end["dividends_due"] = "END_DIVIDENDS", _companies_in_order(state)
    if state["phase"] == "END_DIVIDENDS" and not end["dividends_due"]:
        _award_and_maintain(state)


def check_flag(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """PX-E2: the next company with dice on the platform takes one of the flags there."""
    if state["phase"] != "END_RAIL":
        return [Violation("PX-E2", RAIL_RULE, "Flags are taken from the Rail table at the end of a round")]
    picker = state["end_of_round"]["flag_pickers"][0]
    if data["player"] != picker:
        return [Violation("PX-E2", RAIL_RULE, f"{picker} chooses a flag next, not {data['player']}")]
    if data["nation"] not in state["rail"]["flags"]:
        return [Violation("PX-E2", RAIL_RULE, f"No {data['nation']} flag is left on the Rail table "
                          f"({', '.join(state['rail']['flags']) or 'none'})")]
    colour = state["players"][picker]["company"]
    return flags.icon_problems(state, colour, data["nation"], data.get("free_action"))


def apply_flag(state: State, data: Mapping[str, Any]) -> None:
    company = state["companies"][state["players"][data["player"]]["company"]]
    colour = state["players"][data["player"]]["company"]
    if data["nation"] in state["rail"]["flags"]:
        state["rail"]["flags"].remove(data["nation"])
    # "Remove their die (dice) from the train platform to the Dice Pool", then "Take ONE flag ... and
    # apply the Free action if applicable".
    dice = [die for die in state["rail"]["platform"] if die["company"] == colour]
    company["pool"] += len(dice)
    flags.gain(state, colour, data["nation"], data.get("free_action"))
    if state["end_of_round"]["flag_pickers"][:1] == [data["player"]]:
        state["end_of_round"]["flag_pickers"].pop(0)
    advance(state)


def canal_dice(state: State, company: str) -> dict[str, int]:
    """The company's dice on ships in the canal and the Loading zones, by zone."""
    found: dict[str, int] = {}
    for ship in state["ships"].values():
        if ship["status"] == "ON_BOARD" and ship["zone"] not in NOT_IN_CANAL:
            count = sum(1 for die in ship["dice"] if die["company"] == company)
            if count:
                found[ship["zone"]] = found.get(ship["zone"], 0) + count
    return found


def check_fees(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """PX-E3: the companies pay in turn order; the dice counted are the dice there; each
    zone keeps one rate, from $1 to $4."""
    if state["phase"] != "END_FEES":
        return [Violation("PX-E3", FEES_RULE, "Cargo Fees are paid at the end of a round, after the Rail table")]
    due = state["end_of_round"]["fees_due"][0]
    if data["company"] != due:
        return [Violation("PX-E3", FEES_RULE, f"The {due} company pays its fees next, not {data['company']}")]
    declared = {row["zone"]: row["dice"] for row in data["zone_dice"]}
    actual = canal_dice(state, due)
    problems = []
    if declared != actual:
        problems.append(Violation("PX-E3", FEES_RULE, f"The {due} company has dice in {actual or 'no zone'}, "
                                  f"not {declared or 'none'}"))
    for row in data["zone_dice"]:
        if not 1 <= row["rate"] <= 4:
            problems.append(Violation("PX-E3", FEES_RULE, f"A zone's fee is $1 to $4 a die, not ${row['rate']} ({row['zone']})"))
    return problems + conflicts(state["declared"], _fee_facts(data), state["step"] + 1)


def _fee_facts(data: Mapping[str, Any]) -> list[Fact]:
    return [Fact(f"zone_fee:{row['zone']}", row["rate"], f"The fee in {row['zone']}") for row in data["zone_dice"]]


def apply_fees(state: State, data: Mapping[str, Any]) -> None:
    colour = data["company"]
    company = state["companies"][colour]
    manager = state["players"][company["manager"]]
    state["declared"] = declare(state["declared"], _fee_facts(data), state["step"])
    open_dice = sum(1 for contract in company["contracts"] for box in contract["containers"] if not box["loaded"])
    fees = money.cargo_fees([(row["dice"], row["rate"]) for row in data["zone_dice"]], open_dice, company["warehouse"])
    paid = money.pay_fees(fees, company["money"], manager["money"])
    company["money"] -= paid.company_paid
    manager["money"], manager["bailouts"] = paid.player_money_after, manager["bailouts"] + paid.bailouts
    state["end_of_round"]["fees_due"].pop(0)
    advance(state)


def check_dividends(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """PX-E5: in turn order; a price always pays the same dividend (declared)."""
    if state["phase"] != "END_DIVIDENDS":
        return [Violation("PX-E5", DIVIDEND_RULE, "Dividends are paid at the end of a round, after the fees")]
    due = state["end_of_round"]["dividends_due"][0]
    if data["company"] != due:
        return [Violation("PX-E5", DIVIDEND_RULE, f"The {due} company pays dividends next, not {data['company']}")]
    return conflicts(state["declared"], _dividend_facts(state, data), state["step"] + 1)


def _dividend_facts(state: State, data: Mapping[str, Any]) -> list[Fact]:
    price = state["companies"][data["company"]]["price"]
    return [Fact(f"dividend:{price}", data["per_share"], f"The dividend at a price of ${price}")]


def apply_dividends(state: State, data: Mapping[str, Any]) -> None:
    colour = data["company"]
    company = state["companies"][colour]
    state["declared"] = declare(state["declared"], _dividend_facts(state, data), state["step"])
    holders = {name: p["shares"].get(colour, 0) for name, p in state["players"].items() if p["shares"].get(colour)}
    owed = money.dividends_owed(data["per_share"], sum(holders.values()))
    paid = money.pays_dividends(company["money"], owed)
    if paid:
        company["money"] -= owed
        for name, count in holders.items():
            state["players"][name]["money"] += count * data["per_share"]
    else:
        company["price"] = market.lowest(company["price"] - money.FAILED_DIVIDEND_DROP, state.get("market_prices"),
                                         state["options"].get("market_floor", MARKET_FLOOR))
    state["end_of_round"]["paid"][colour] = paid
    state["end_of_round"]["dividends_due"].pop(0)
    advance(state)


def _award_and_maintain(state: State) -> None:
    """PX-E6, PX-E7: the award, then the Pool to the Warehouse, the rail flags refilled."""
    companies = state["companies"]
    winner = money.managing_director({c: v["price"] for c, v in companies.items()},
                                     {c: v["money"] for c, v in companies.items()}, state["end_of_round"]["paid"],
                                     _companies_in_order(state))
    award = state["awards_left"][state["round"] - 1]
    if winner is not None and award:
        state["players"][companies[winner]["manager"]]["awards"].append(award)
        state["awards_left"][state["round"] - 1] = 0
    for company in companies.values():
        company["warehouse"], company["pool"] = company["warehouse"] + company["pool"], 0
    for nation in NATIONS:
        if nation not in state["rail"]["flags"] and state["flag_supply"][nation] > 0:
            state["rail"]["flags"].append(nation)
            state["flag_supply"][nation] -= 1
    state["rail"]["flags"].sort()
    state["end_of_round"] = None
    if state["round"] == ROUNDS:
        state["phase"], state["revealed"] = "GAME_OVER", {}
    else:
        state["round"] += 1
        state["phase"], state["action_table"] = "MAINTENANCE", None


def check_new_round_roll(state: State, data: Mapping[str, Any]) -> list[Violation]:
    """PX-E7: the next round's Action table, as at the set-up (PX-S3, PX-S5; a Mulligan rolls again)."""
    return action_table.recorded_roll_problems(len(state["seats"]), data)


def apply_new_round_roll(state: State, data: Mapping[str, Any]) -> None:
    layout = action_table.standing_layout(len(state["seats"]), data)
    if layout is not None:  # a Mulligan: the dice are rolled again, the round waits
        state["action_table"], state["phase"], state["turn_index"] = layout, "TURNS", 0
        state["turn"] = turns.new_turn(turns.current_player(state))


def check_reveal(state: State, actor: str | None, data: Mapping[str, Any]) -> list[Violation]:
    """PX-G2: after round 3, each player reveals their Financial Advisor cards, once, one secret among them."""
    if state["phase"] != "GAME_OVER":
        return [Violation("PX-G2", END_RULE, "Financial Advisor cards are revealed at the end of the game")]
    player = data["player"]
    if player not in state["players"]:
        return [Violation("event/unknown-player", END_RULE, f"{player!r} is not at the table")]
    if player in state["revealed"]:
        return [Violation("PX-G2", END_RULE, f"{player} has revealed their cards already")]
    cards, held = data["cards"], state["players"][player]["advisors"]
    problems = []
    if len(cards) != held:
        problems.append(Violation("PX-G2", END_RULE, f"{player} holds {held} Financial Advisor cards, not {len(cards)}"))
    if sum(1 for card in cards if card["secret"]) != 1:
        problems.append(Violation("PX-S9", END_RULE, f"{player} kept exactly one secret goal"))
    return problems


def apply_reveal(state: State, data: Mapping[str, Any]) -> None:
    state["revealed"][data["player"]] = [dict(card) for card in data["cards"]]
    if len(state["revealed"]) == len(state["seats"]):
        state["phase"] = "OVER"


def final_fortunes(state: State) -> dict[str, dict[str, int]]:
    """§8 for each player: money, shares sold, awards, the best advisors, bailouts repaid."""
    prices = {colour: company["price"] for colour, company in state["companies"].items()}
    out = {}
    for name in state["seats"]:
        player, cards = state["players"][name], state["revealed"].get(name, [])
        secret = next((card["value"] for card in cards if card["secret"]), None)
        others = [card["value"] for card in cards if not card["secret"]]
        advisors = money.best_advisors(others, secret, state["options"]["fa_scoring"])
        shares = sum(count * prices[colour] for colour, count in player["shares"].items())
        total = money.final_fortune(player["money"], player["shares"], prices, player["awards"], advisors,
                                    player["bailouts"])
        out[name] = {"total": total, "money": player["money"], "shares": shares, "awards": sum(player["awards"]),
                     "advisors": advisors, "bailouts": -money.BAILOUT_REPAID * player["bailouts"]}
    return out
