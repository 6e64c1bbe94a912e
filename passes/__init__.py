"""Rewrite patterns and module passes on ``ascir`` (normalize, schedule, VF, templates)."""
