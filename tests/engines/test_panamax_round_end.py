"""Panamax's end of a round and of the game (engines/panamax/round_end.py): §6 "Rail
table", "Pay Cargo Fees", "Pay Dividends", "Managing Director Awards"; §7; §8."""

from __future__ import annotations

from engines.base import Event, State
from engines.panamax.engine import Panamax
from tests.engines.scenario import codes, legal
from tests.engines.test_panamax_turns import ACTION, END, EXECUTIVE, playing, take

ENGINE = Panamax()
ROLL = Event("action_table_rolled", {"action_rolls": None, "executive_rolls": None,
                                     "layout": {"columns": [2, 2, 1, 1, 2, 2], "executive": [3, 4]}})


def pass_the_round(state: State) -> State:
    while state["phase"] == "TURNS":
        layout = state["action_table"]
        column = next((c for c in range(1, 7) if layout["columns"][c - 1]), None)
        source = {"column": column} if column else {"executive": layout["executive"][0]}
        state = legal(ENGINE, state, take(source, "pass"), END)
    return state


def fees(company: str, zone: str, rate: int) -> Event:
    return Event("cargo_fees", {"company": company, "zone_dice": [{"zone": zone, "dice": 1, "rate": rate}]})


def dividends(company: str, per_share: int) -> Event:
    return Event("dividends", {"company": company, "per_share": per_share})


def test_fees_are_the_canal_dice_at_their_zone_s_rate_and_five_a_warehouse_die() -> None:  # PX-E3, PX-E4
    state = pass_the_round(playing())
    # Red's die at Pedro Miguel Locks, whose rate nobody has declared: the table says it.
    assert ENGINE.expected(state)["options"] == {"cargo_fees": {
        "company": ["red"], "fees": [{"zone": "Pedro Miguel Locks", "dice": 1, "rate": None}]}}
    assert codes(ENGINE, state, fees("green", "Culebra Cut", 1)) == ["PX-E3"]  # red pays first
    assert codes(ENGINE, state, fees("red", "Culebra Cut", 1)) == ["PX-E3"]  # red's die is at Pedro Miguel Locks
    assert codes(ENGINE, state, fees("red", "Pedro Miguel Locks", 5)) == ["PX-E3"]  # $1 to $4
    state = legal(ENGINE, state, fees("red", "Pedro Miguel Locks", 2))
    # 2 + 4 Warehouse dice x $5 = $22: the company's $18, then $4 of Ana's $6.
    assert state["companies"]["red"]["money"] == 0 and state["players"]["Ana"]["money"] == 2


def test_a_zone_keeps_the_rate_first_declared() -> None:  # declared data
    state = legal(ENGINE, pass_the_round(playing()), fees("red", "Pedro Miguel Locks", 2))
    state["ships"]["green-1"]["zone"] = "Pedro Miguel Locks"  # as if it had sailed there
    assert codes(ENGINE, state, fees("green", "Pedro Miguel Locks", 3)) == ["declared/conflict"]


def test_a_manager_who_cannot_cover_the_fees_takes_bailouts() -> None:  # PX-E4
    state = pass_the_round(playing())
    state["players"]["Ana"]["money"] = 1
    state = legal(ENGINE, state, fees("red", "Pedro Miguel Locks", 4))  # $24: $18, then $6 with Ana's $1
    assert state["players"]["Ana"]["bailouts"] == 1 and state["players"]["Ana"]["money"] == 5


def at_dividends() -> State:
    return legal(ENGINE, pass_the_round(playing()), fees("red", "Pedro Miguel Locks", 1), fees("green", "Culebra Cut", 1))


def test_a_company_short_of_the_dividends_pays_none_and_drops_two() -> None:  # PX-E5
    state = at_dividends()  # each company paid $18 of its $21 of fees: none left
    state = legal(ENGINE, state, dividends("red", 1))
    assert state["companies"]["red"]["price"] == 4 and state["players"]["Ana"]["money"] == 3
    assert codes(ENGINE, state, dividends("green", 2)) == ["declared/conflict"]  # $6 pays $1 a share


def test_the_award_goes_to_the_best_stock_that_paid_then_maintenance() -> None:  # PX-E6, PX-E7
    state = at_dividends()
    state["companies"]["green"]["money"] = 3
    state = legal(ENGINE, state, dividends("red", 1), dividends("green", 1))
    assert state["players"]["Ben"]["awards"] == [3] and state["players"]["Ben"]["money"] == 3 + 1  # $3 after fees
    assert state["players"]["Ana"]["awards"] == [] and state["companies"]["red"]["price"] == 4
    assert state["phase"] == "MAINTENANCE" and state["round"] == 2
    assert state["companies"]["red"]["warehouse"] == 8 and state["companies"]["red"]["pool"] == 0
    state = legal(ENGINE, state, ROLL)
    assert state["phase"] == "TURNS" and ENGINE.expected(state)["actors"] == ["Ana"]


def play_to_the_end() -> State:
    state = playing()
    for _ in range(3):
        state = legal(ENGINE, pass_the_round(state), fees("red", "Pedro Miguel Locks", 1),
                      fees("green", "Culebra Cut", 1), dividends("red", 0), dividends("green", 0))
        if state["phase"] == "MAINTENANCE":
            state = legal(ENGINE, state, ROLL)
    return state


def reveal(player: str, *cards: tuple[int, bool]) -> Event:
    return Event("financial_advisor_revealed", {"player": player, "cards": [{"value": v, "secret": s} for v, s in cards]})


def test_after_round_three_the_advisors_are_revealed_and_the_fortunes_counted() -> None:  # PX-G2, §8
    state = play_to_the_end()
    assert state["phase"] == "GAME_OVER" and state["round"] == 3
    assert codes(ENGINE, state, reveal("Ana", (4, True), (2, False))) == ["PX-G2"]  # Ana holds one card
    assert codes(ENGINE, state, reveal("Ana", (4, False))) == ["PX-S9"]
    state = legal(ENGINE, state, reveal("Ana", (4, True)), reveal("Ben", (1, True)))
    result = ENGINE.standings(state)
    assert result["final"] and ENGINE.is_over(state)
    rows = {row["player"]: row for row in result["players"]}
    # Dividends of $0 tie every company: the award goes by turn order, to Ana each round.
    assert rows["Ana"]["breakdown"]["awards"] == 3 + 5 + 7 and rows["Ana"]["breakdown"]["advisors"] == 4
    assert rows["Ana"]["total"] == sum(v for k, v in rows["Ana"]["breakdown"].items() if not k.startswith("company_"))
    assert result["winners"] == ["Ana"] and rows["Ben"]["rank"] == 2
    assert codes(ENGINE, state, ROLL) == ["PX-G1"]


def test_a_tie_at_the_end_goes_to_the_final_turn_order() -> None:  # §8
    state = play_to_the_end()
    state["players"]["Ben"]["awards"] = list(state["players"]["Ana"]["awards"])
    state["players"]["Ben"]["money"] = state["players"]["Ana"]["money"]
    state = legal(ENGINE, state, reveal("Ana", (2, True)), reveal("Ben", (2, True)))
    result = ENGINE.standings(state)
    totals = {row["player"]: row["total"] for row in result["players"]}
    assert totals["Ana"] == totals["Ben"] and result["winners"] == [state["turn_order"][0]]


def test_the_table_is_rolled_only_at_the_set_up_and_between_rounds() -> None:  # PX-E7
    assert codes(ENGINE, playing(), ROLL) == ["PX-E7"]
    assert ACTION and EXECUTIVE  # the turns' table is the one these tests end rounds with


def test_fees_and_dividends_the_game_knows_are_offered_whole() -> None:  # PX-E3, PX-E5
    state = pass_the_round(playing())
    state = legal(ENGINE, state, fees("red", "Pedro Miguel Locks", 2))
    # Green's die is at Culebra Cut, whose rate nobody has declared yet...
    green = ENGINE.expected(state)["options"]["cargo_fees"]
    assert "zone_dice" not in green and [row["rate"] for row in green["fees"]] == [None]
    state = legal(ENGINE, state, Event("cargo_fees", {"company": "green", "zone_dice": [
        {"zone": row["zone"], "dice": row["dice"], "rate": 3} for row in green["fees"]]}))
    # ...and a dividend nobody has declared is asked; once declared at a price, offered.
    assert ENGINE.expected(state)["options"]["dividends"] == {"company": ["red"]}
    paid_at = state["companies"]["red"]["price"]
    state = legal(ENGINE, state, dividends("red", 2))
    assert state["companies"]["green"]["price"] == paid_at  # the same price: the same dividend, known now
    assert ENGINE.expected(state)["options"]["dividends"] == {"company": ["green"], "per_share": [2]}
