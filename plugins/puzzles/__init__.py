"""Puzzle-type plugins: crosswords and the logic puzzles of the source articles."""
