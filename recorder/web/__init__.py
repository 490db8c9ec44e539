"""The HTML side: home, recording and viewer pages (Jinja), with their helpers."""
