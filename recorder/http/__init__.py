"""What the two HTTP faces, ``recorder.api`` and ``recorder.web``, share: the browser's
credentials and CSRF, rate limits, the JSON error answer, the process's store and live
watch, and the live stream's hand-over to the ASGI bridge.  Neither face imports the
other (docs/DESIGN.md, "Package map")."""
