"""The construction server and the ``crossforge`` command line."""
