test = {
  'name': 'Question 1',
  'points': 2,
  'suites': [
    {
      'cases': [
        {
          'answer': '61517d235add7e7cd5aacf2060e39a02',
          'choices': [
            '0',
            '1',
            '24',
            '25',
          ],
          'hidden': False,
          'locked': True,
          'question': 'You roll 5 dice and get 6, 6, 1, 6, 6. How many points does the turn score?',
        },
        {
          'answer': 'a8c1cdef457f0ae95f19837d8cfd4516',
          'choices': [
            '1 time',
            '2 times: stop at the first 1',
            '4 times: every die is rolled, even after a 1',
            'It depends on the other outcomes',
          ],
          'hidden': False,
          'locked': True,
          'question': 'The second of 4 dice comes up 1. How many times must roll_dice call dice()?',
        },
      ],
      'scored': False,
      'type': 'concept',
    },
    {
      'cases': [
        {
          'code': r"""
          >>> roll_dice(7, make_test_dice(1, 1, 1, 1, 1, 4, 6))
          61517d235add7e7cd5aacf2060e39a02
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> roll_dice(4, make_test_dice(3, 3, 3, 3))
          b4339d334a94e1180035dae816eeef0d
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> roll_dice(2, make_test_dice(3, 5))
          0be03fc97ef5132acda616136351c185
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> roll_dice(0, make_test_dice(3))
          92e4af7c611466f223e28098fa51e6c9
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> dice = make_test_dice(4, 6, 2)
          >>> roll_dice(2, dice)
          e9a59406198b6020c4478967eaa864d8
          # locked
          >>> dice()
          cbbe094a253fd4d82a3010dee251885d
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
          >>> roll_dice(7, make_test_dice(1, 1, 1, 1, 1, 4, 6))
          61517d235add7e7cd5aacf2060e39a02
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> roll_dice(4, make_test_dice(3, 3, 3, 3))
          b4339d334a94e1180035dae816eeef0d
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> roll_dice(2, make_test_dice(4, 6))
          e9a59406198b6020c4478967eaa864d8
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> roll_dice(3, make_test_dice(4, 1, 6))
          61517d235add7e7cd5aacf2060e39a02
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> roll_dice(9, make_test_dice(6))
          14e47d51745104058b3aa32d23e4fce9
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> counted_dice = make_test_dice(4, 1, 2, 6)
          >>> points = roll_dice(3, counted_dice)
          >>> counted_dice()  # the outcome after three dice
          122abfe8e650075ad39c9022195a650a
          # locked
          >>> points = roll_dice(1, counted_dice)
          >>> counted_dice()  # the outcome after one more
          61517d235add7e7cd5aacf2060e39a02
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
          >>> further_checks('01')
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
