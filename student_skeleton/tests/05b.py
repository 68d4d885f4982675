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
          >>> play(always_roll(9), always_roll(2), dice=make_test_dice(2, 5, 4, 4, 3, 4), goal=30)
          5f8bf5015030c386ea5470bfb65b5f0d
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
          >>> def scripted_pair(moves, default):
          ...     def strategy(score, opponent_score):
          ...         return moves.get((min(score, opponent_score), max(score, opponent_score)), default)
          ...     return strategy
          >>> play(scripted_pair({(0, 0): 3, (0, 1): 4, (1, 1): 5, (1, 5): 2, (5, 5): 7, (5, 9): 0}, 5), scripted_pair({(0, 0): 3, (0, 1): 4, (1, 1): 5, (1, 5): 2, (5, 5): 7, (5, 9): 0}, 5), dice=make_test_dice(1, 5, 5, 2, 1, 2, 2, 1, 3, 3, 3, 3, 1, 6, 4, 1, 4, 4, 4, 4, 4), goal=18)
          186a5c416052bb3c25159267ba124129
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> s0, s1 = play(always_roll(2), always_roll(2), dice=make_test_dice(2, 2), goal=5)
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
          >>> s0, s1 = play(always_roll(2), always_roll(2), dice=make_test_dice(2, 2), goal=5, feral_hogs=False)
          >>> s0
          0be03fc97ef5132acda616136351c185
          # locked
          >>> s1
          0699823c311526e2b12052b67c32dfe2
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> strategy = lambda score, opponent: (score + opponent + 3) // 4 % 11
          >>> s0, s1 = play(strategy, strategy, dice=make_test_dice(3, 5, 2, 6, 4), goal=40)
          >>> s0
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          >>> s1
          099adde89dc7e9a31d14625855edd489
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> def counted(n, calls):
          ...     def strategy(score, opponent_score):
          ...         calls.append(n)
          ...         return n
          ...     return strategy
          >>> on, off = [], []
          >>> s0, s1 = play(counted(1, on), counted(1, on), dice=make_test_dice(4, 6), goal=30)
          >>> t0, t1 = play(counted(1, off), counted(1, off), dice=make_test_dice(4, 6), goal=30, feral_hogs=False)
          >>> s0, s1
          330bf465d4cd4de9efb66bec837a8b62
          # locked
          >>> t0, t1
          330bf465d4cd4de9efb66bec837a8b62
          # locked
          >>> len(on) == len(off)
          b4559604147d096a49fcfd31191f7349
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> def picks_by_sum(*choices):
          ...     def strategy(score, opponent_score):
          ...         return choices[(score + opponent_score) % len(choices)]
          ...     return strategy
          >>> s0, s1 = play(picks_by_sum(4, 3), picks_by_sum(4, 3), score0=21, score1=13, dice=make_test_dice(2), goal=30)
          >>> s0, s1
          a09cc8acd457ef1553683aa2d464426a
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> def picks_by_sum(*choices):
          ...     def strategy(score, opponent_score):
          ...         return choices[(score + opponent_score) % len(choices)]
          ...     return strategy
          >>> s0, s1 = play(picks_by_sum(8, 10, 9), picks_by_sum(8, 10, 9), score0=1, score1=3, dice=make_test_dice(3), goal=11)
          >>> s0, s1
          48733b885cb2c2df1e134c45de906a85
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> def picks_by_sum(*choices):
          ...     def strategy(score, opponent_score):
          ...         return choices[(score + opponent_score) % len(choices)]
          ...     return strategy
          >>> s0, s1 = play(picks_by_sum(1, 5, 8, 6), picks_by_sum(1, 5, 8, 6), score0=27, score1=20, dice=make_test_dice(5, 5, 4, 2, 5, 2, 6), goal=30)
          >>> s0, s1
          53ef5ea0c572b79797a766e86f2b22cb
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
    {
      'cases': [
        {
          'code': r"""
          >>> from hog_checks import further_checks
          >>> further_checks('05b')
          ok
          """,
          'hidden': False,
          'locked': False,
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
