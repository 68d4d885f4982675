test = {
  'name': 'Question 10',
  'points': 1,
  'suites': [
    {
      'cases': [
        {
          'code': r"""
          >>> bacon_strategy(10, 31)
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          >>> bacon_strategy(6, 69)
          0699823c311526e2b12052b67c32dfe2
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
          >>> bacon_strategy(12, 42, 8, 6)
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          >>> bacon_strategy(12, 42, 9, 6)
          122abfe8e650075ad39c9022195a650a
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> bacon_strategy(0, 0)
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> bacon_strategy(0, 42)
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> bacon_strategy(12, 85)
          0699823c311526e2b12052b67c32dfe2
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> bacon_strategy(31, 48)
          0699823c311526e2b12052b67c32dfe2
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> bacon_strategy(70, 7)
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> bacon_strategy(28, 4)
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> bacon_strategy(44, 28)
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> bacon_strategy(10, 0)
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> bacon_strategy(91, 99)
          0699823c311526e2b12052b67c32dfe2
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> bacon_strategy(20, 31, 5, 3)
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          >>> bacon_strategy(20, 31, 12, 6)
          122abfe8e650075ad39c9022195a650a
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
          >>> further_checks('10')
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
