"""The JSON API: marshmallow checks shapes at the edge, the store does the rest."""
