"""Default lists: built from data that installed packages ship, scored and clued."""
