"""The fracas version, in a module of its own so that importing the core loads nothing else."""

__version__ = "0.2.0"
