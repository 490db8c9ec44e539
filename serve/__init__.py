"""``make serve``: the production setup (docs/DEPLOYMENT.md) run locally: PostgreSQL,
two granian app instances, nginx in front.  ``python -m serve --help``.

- ``postgres``: the PostgreSQL cluster in a folder (also the test suite's server);
- ``apps``: migrations, demo games and the app instances (granian);
- ``proxy``: nginx's config and process;
- ``processes``: starting, watching and stopping the children;
- ``run``: the order of it all, and the wait for a signal.
"""
