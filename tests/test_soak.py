"""The soak's quick version (issue 7), so ``make soak`` cannot rot: writers through
the app server, through two app server instances on one database, the server SIGKILLed
mid-load and restarted, then everything counted."""

from __future__ import annotations

from soak import attacks
from soak.run import main


def test_quick_soak_loses_nothing_duplicates_nothing_and_breaks_nothing(capsys: object) -> None:
    result = main(["--quick"])
    rows = {(row["scenario"], row["database"]): row for row in result.rows}
    scenarios = ("race, one game", "two instances, one game", "SIGKILL and restart")
    assert set(rows) == {(scenario, database) for scenario in scenarios for database in ("sqlite", "postgresql")}
    for (_, database), row in rows.items():
        assert row["acknowledged"] == row["attempted"] == row["found"], row
        assert row["stored"] == row["acknowledged"], "nothing stored that nobody was told of, twice or otherwise"
        assert (row["duplicates"], row["chain_breaks"], row["server_errors"]) == (0, 0, 0), row
        assert row["integrity"] == ("ok" if database == "sqlite" else "n/a"), row
    for database in ("sqlite", "postgresql"):
        assert rows[("SIGKILL and restart", database)]["interrupted"] > 0, "the kills landed mid-load"
    printed = capsys.readouterr().out  # type: ignore[attr-defined]
    assert printed.startswith("| scenario | database | instances | writers | kills | attempted | interrupted |")
    # Issue 22's attacks, small: every unrelated request answered, none with a 5xx.
    assert len(result.attacks) == 4
    for report in result.attacks:
        assert report.requests >= 1 and report.server_errors == 0, report
    assert attacks.TABLE_HEAD.splitlines()[0] in printed
