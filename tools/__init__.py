"""Drivers: ``ascir-opt``, the Autofuser API behind the ``pyautofuse`` facade."""
