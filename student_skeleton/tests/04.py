test = {
  'name': 'Question 4',
  'points': 2,
  'suites': [
    {
      'cases': [
        {
          'answer': '235d17b15aa8fe1d6f27071efa8723ca',
          'choices': [
            '1 and 2',
            '1 and 4',
            '1, 2 and 4',
            '2 and 4',
          ],
          'hidden': False,
          'locked': True,
          'question': 'Which digits of 124 does this Swine Swap multiply?',
        },
        {
          'answer': '5c5c2c08ec525c55362566a7f017f7c6',
          'choices': [
            'Nobody: the game goes on',
            'The opponent: the swap happens before the check for the goal',
            'The player who moved: they reached 100 first',
          ],
          'hidden': False,
          'locked': True,
          'question': 'A swap hands the opponent 100 points. Who wins?',
        },
      ],
      'scored': False,
      'type': 'concept',
    },
    {
      'cases': [
        {
          'code': r"""
          >>> is_swap(2, 4)
          022048066cac2a429e30c1a161b9190d
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> is_swap(22, 4)
          022048066cac2a429e30c1a161b9190d
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> is_swap(28, 4)
          b4559604147d096a49fcfd31191f7349
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> is_swap(124, 2)
          b4559604147d096a49fcfd31191f7349
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
          >>> is_swap(2, 4)
          022048066cac2a429e30c1a161b9190d
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> is_swap(22, 4)
          022048066cac2a429e30c1a161b9190d
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> is_swap(28, 4)
          b4559604147d096a49fcfd31191f7349
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> is_swap(124, 2)
          b4559604147d096a49fcfd31191f7349
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> is_swap(44, 28)
          b4559604147d096a49fcfd31191f7349
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> is_swap(2, 0)
          022048066cac2a429e30c1a161b9190d
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> is_swap(10, 0)
          b4559604147d096a49fcfd31191f7349
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
          >>> further_checks('04')
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
