"""Entry point for WSGI servers: ``gunicorn wsgi:app`` or ``flask --app wsgi run``."""

from recorder import create_app

app = create_app()
