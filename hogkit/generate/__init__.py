"""Kit generation: an ordered list of small named steps that render a variant's kit."""
