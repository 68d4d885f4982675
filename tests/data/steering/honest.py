"""The bugs of the honest copy: (text of the complete example, its replacement, problem it breaks).
Its free_bacon is wrong (Problem 2), and its play never swaps (a bug of its own in Problems 5a, 5b
and 6); its is_swap is right."""

BUGS = (
    ("    return 10 - min(tens, ones)", "    return 10 - max(tens, ones)", "02"),
    ("        if is_swap(player, opponent):", "        if False:", "05a"),
)
