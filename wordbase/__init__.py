"""The word database: named, scored word lists with clues, and the index the filler uses."""
