test = {
  'name': 'Question 5b',
  'points': 1,
  'suites': [
    {
      'cases': [
        {
          'answer': '47c833b88f2e258f9c1cdb0e0f00db7d',
          'choices': [
            "The opponent's last turn",
            "The same player's own previous turn",
            'The turn just before, whoever took it',
          ],
          'hidden': False,
          'locked': True,
          'question': 'Whose previous roll does Feral Hogs compare with?',
        },
        {
          'answer': 'c681249ace36ce331dbc9054a4afee05',
          'choices': [
            'No: there is no previous turn',
            'Only if the opponent rolled 0 or 4',
            'Yes: the turn before the first counts as 0 dice',
          ],
          'hidden': False,
          'locked': True,
          'question': "Player 0's first turn rolls 2 dice. Does Feral Hogs give a bonus?",
        },
      ],
      'scored': False,
      'type': 'concept',
    },
    {
      'cases': [
        {
          'code': r"""
          >>> feral_hogs_bonus(5, 3)
          427128f15e41af87eab6db8a8d62a1e5
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> feral_hogs_bonus(4, 3)
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> feral_hogs_bonus(0, 2)
          427128f15e41af87eab6db8a8d62a1e5
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> 3 + feral_hogs_bonus(2, 0)
          122abfe8e650075ad39c9022195a650a
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> play(always_roll(7), always_roll(8), dice=make_test_dice(3, 4), goal=20)
          75a77dd9a7209951c7a9174e141995dc
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
      ],
      'scored': False,
      'setup': r"""
      >>> from hog import *
      """,
      'teardown': '',
      'type': 'doctest',
    },
    {
      'cases': [
        {
          'code': r"""
          >>> def scripted(moves, default):
          ...     def strategy(score, opponent_score):
          ...         return moves.get((score, opponent_score), default)
          ...     return strategy
          >>> play(scripted({(0, 0): 3, (1, 1): 5, (5, 5): 7}, 5), scripted({(0, 1): 4, (1, 5): 2, (5, 9): 0}, 5), dice=make_test_dice(1, 5, 5, 2, 1, 2, 2, 1, 3, 3, 3, 3, 1, 6, 4, 1, 4, 4, 4, 4, 4), goal=18)
          186a5c416052bb3c25159267ba124129
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> s0, s1 = play(always_roll(2), always_roll(1), dice=make_test_dice(2, 2), goal=5)
          >>> s0
          95848f817f29edfbd482bd4aeeeb6be6
          # locked
          >>> s1
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> s0, s1 = play(always_roll(2), always_roll(1), dice=make_test_dice(2, 2), goal=5, feral_hogs=False)
          >>> s0
          0be03fc97ef5132acda616136351c185
          # locked
          >>> s1
          cbbe094a253fd4d82a3010dee251885d
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> strat0 = lambda score, opponent: (score + 3) // 4 % 11
          >>> strat1 = lambda score, opponent: (opponent + 5) % 7
          >>> s0, s1 = play(strat0, strat1, dice=make_test_dice(3, 5, 2, 6, 4), goal=40)
          >>> s0
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          >>> s1
          190fb39036e3f5261e6e855c7e29a67d
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> def picks(*choices):
          ...     def strategy(score, opponent_score):
          ...         return choices[(score + 3 * opponent_score) % len(choices)]
          ...     return strategy
          >>> s0, s1 = play(picks(2, 10), picks(0, 0, 4, 5), score0=23, score1=9, dice=make_test_dice(4, 6, 6, 2, 2, 3, 2), goal=30)
          >>> s0, s1
          d7df939e7e69bcb4974d19fc59b9b0a6
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> def picks(*choices):
          ...     def strategy(score, opponent_score):
          ...         return choices[(score + 3 * opponent_score) % len(choices)]
          ...     return strategy
          >>> s0, s1 = play(picks(7, 1, 5), picks(2, 10, 6, 7), score0=7, score1=4, dice=make_test_dice(4, 2, 5, 2, 6, 2, 2), goal=100)
          >>> s0, s1
          c3067bd602c94a994b8f222dcb2a9dde
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> def picks(*choices):
          ...     def strategy(score, opponent_score):
          ...         return choices[(score + 3 * opponent_score) % len(choices)]
          ...     return strategy
          >>> s0, s1 = play(picks(1, 8, 5, 2), picks(6, 9), score0=37, score1=21, dice=make_test_dice(4, 6, 2, 3, 4, 5), goal=100)
          >>> s0, s1
          8970a600a3fcc4263b634ebd85f6504c
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
      ],
      'scored': True,
      'setup': r"""
      >>> from hog import *
      """,
      'teardown': '',
      'type': 'doctest',
    },
  ]
}
