"""Kit generation: the reference, the skeleton, the bank, the notebooks, okpy's format."""
