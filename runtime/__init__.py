"""Kernel build and launch: CPU simulator or NPU (later issues)."""
