"""Game histories in open formats (issue 6): one module per format, each pure shaping of
what the store reads, so the API, the CLI and the tests share one writer per format."""
