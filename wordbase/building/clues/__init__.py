"""Clues the default lists write: glosses cut short, synonyms, blanks and collocations."""
