test = {
  'name': 'Question 9',
  'points': 2,
  'suites': [
    {
      'cases': [
        {
          'code': r"""
          >>> max_scoring_num_rolls(make_test_dice(3), 10)
          e9a59406198b6020c4478967eaa864d8
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> max_scoring_num_rolls(make_test_dice(1, 6), 10)
          61517d235add7e7cd5aacf2060e39a02
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
          >>> dice = make_test_dice(1, 6)
          >>> max_scoring_num_rolls(dice)
          61517d235add7e7cd5aacf2060e39a02
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> max_scoring_num_rolls(make_test_dice(3), 10)
          e9a59406198b6020c4478967eaa864d8
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> max_scoring_num_rolls(make_test_dice(1), 2)
          61517d235add7e7cd5aacf2060e39a02
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> max_scoring_num_rolls(make_test_dice(2, 4, 6, 5), num_samples=8)
          e9a59406198b6020c4478967eaa864d8
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
          >>> further_checks('09')
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
