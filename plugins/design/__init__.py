"""Pattern design: from a size and theme entries to filled grids.

``settings`` reads a design request, ``placement`` puts the theme entries in symmetric
slots, ``patterns`` searches block patterns around them, ``designer`` ranks the patterns
by their fill estimate and fills the best with the fill engine.
"""
