test = {
  'name': 'Question 5a',
  'points': 2,
  'suites': [
    {
      'cases': [
        {
          'code': r"""
          >>> play(always_roll(7), always_roll(6), dice=make_test_dice(6, 1), goal=30, feral_hogs=False)
          5df1ce9c48cc4df5927dbfdb6799770b
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
          >>> s0, s1 = play(always_roll(5), always_roll(3), score0=91, score1=10, dice=make_test_dice(3), feral_hogs=False)
          >>> s0
          16d36558e7d61fd287fea809711e673a
          # locked
          >>> s1
          e9a59406198b6020c4478967eaa864d8
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> s0, s1 = play(always_roll(5), always_roll(5), dice=make_test_dice(3), goal=10, feral_hogs=False)
          >>> s0
          97164fb359dc3dbfea8ad9699544c744
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
          >>> s0, s1 = play(always_roll(4), always_roll(4), score0=94, score1=95, dice=make_test_dice(3), feral_hogs=False)
          >>> s0
          16d36558e7d61fd287fea809711e673a
          # locked
          >>> s1
          56b3a6f7d13c710e20299e40093b0428
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> strat0 = lambda score, opponent: opponent % 10
          >>> strat1 = lambda score, opponent: max((score // 10) - 4, 0)
          >>> s0, s1 = play(strat0, strat1, score0=71, score1=80, dice=make_test_dice(6, 5, 4), feral_hogs=False)
          >>> s0
          d4999a2b5049265d9730d608159dab50
          # locked
          >>> s1
          70de7fbcc180e31481655d9db3097f5f
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> s0, s1 = play(always_roll(2), always_roll(2), dice=make_test_dice(4, 6), goal=20, feral_hogs=False)
          >>> s0
          413407069f9a51d165f22169869b1976
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
          >>> def counted(n, calls):
          ...     def strategy(score, opponent_score):
          ...         calls.append(n)
          ...         return n
          ...     return strategy
          >>> calls = []
          >>> s0, s1 = play(counted(2, calls), counted(3, calls), dice=make_test_dice(4, 6), goal=30, feral_hogs=False)
          >>> s0
          099adde89dc7e9a31d14625855edd489
          # locked
          >>> s1
          e9a59406198b6020c4478967eaa864d8
          # locked
          >>> calls
          49e1ecede8963ccd29edfe5b4a393bc0
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> def noted(n, seen):
          ...     def strategy(score, opponent_score):
          ...         seen.append((n, score, opponent_score))
          ...         return n
          ...     return strategy
          >>> seen = []
          >>> s0, s1 = play(noted(1, seen), noted(3, seen), score0=10, score1=25, dice=make_test_dice(2), goal=40, feral_hogs=False)
          >>> seen
          3415092e84dc95a479197c174f60c036
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
          >>> s0, s1 = play(picks(0, 2, 5, 10), picks(3, 2, 5), score0=29, score1=14, dice=make_test_dice(2, 5, 2, 4, 5, 4, 5), goal=30, feral_hogs=False)
          >>> s0, s1
          3f62f6fa5c54c1e8556b2ba3d84b23e7
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
          >>> s0, s1 = play(picks(0, 9, 1, 5), picks(4), score0=6, score1=3, dice=make_test_dice(4, 3, 2), goal=11, feral_hogs=False)
          >>> s0, s1
          d0ca9ed4630b5177a72469ab5b2d7c32
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
          >>> s0, s1 = play(picks(7, 10, 1, 7), picks(3), score0=57, score1=23, dice=make_test_dice(6, 6, 4, 5, 6, 4, 5), goal=100, feral_hogs=False)
          >>> s0, s1
          f4be91650705c247214dea43c1befa0b
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
          >>> further_checks('05a')
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
