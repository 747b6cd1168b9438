"""The Russian default list: OpenCorpora nouns scored by frequency, clued from definitions."""
