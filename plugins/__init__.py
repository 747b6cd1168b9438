"""Plugins: the problem contract, the registry, fill strategies and puzzle types."""
