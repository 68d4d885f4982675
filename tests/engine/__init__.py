"""The engine: rules, variants, the reference game, exact evaluation and the solver."""
