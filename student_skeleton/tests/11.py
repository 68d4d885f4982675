test = {
  'name': 'Question 11',
  'points': 2,
  'suites': [
    {
      'cases': [
        {
          'code': r"""
          >>> swap_strategy(43, 93)
          0699823c311526e2b12052b67c32dfe2
          # locked
          >>> swap_strategy(22, 69)
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
          >>> swap_strategy(0, 10, 10, 1)
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          >>> swap_strategy(0, 10, 11, 2)
          cbbe094a253fd4d82a3010dee251885d
          # locked
          >>> swap_strategy(2, 11, 9, 3)
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          >>> swap_strategy(2, 11, 10, 4)
          0699823c311526e2b12052b67c32dfe2
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> swap_strategy(0, 0)
          0699823c311526e2b12052b67c32dfe2
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> swap_strategy(0, 42)
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> swap_strategy(12, 85)
          0699823c311526e2b12052b67c32dfe2
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> swap_strategy(31, 48)
          0699823c311526e2b12052b67c32dfe2
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> swap_strategy(70, 7)
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> swap_strategy(28, 4)
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> swap_strategy(44, 28)
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> swap_strategy(10, 0)
          0699823c311526e2b12052b67c32dfe2
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> swap_strategy(91, 99)
          0699823c311526e2b12052b67c32dfe2
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> swap_strategy(20, 31, 5, 3)
          118491441cc72d4c55ca119ec6f2b49f
          # locked
          >>> swap_strategy(20, 31, 12, 6)
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
          >>> further_checks('11')
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
