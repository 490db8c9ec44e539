"""Importing game histories (issue 6): the tablescribe-game JSON document and NDJSON
files of them.  Reading and checking the file's shape is here; the re-fold, which needs
the store's transaction, is ``EventStore.import_game``."""
