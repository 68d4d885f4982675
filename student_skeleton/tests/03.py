test = {
  'name': 'Question 3',
  'points': 2,
  'suites': [
    {
      'cases': [
        {
          'code': r"""
          >>> take_turn(2, 0, make_test_dice(4, 3, 6))
          95848f817f29edfbd482bd4aeeeb6be6
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> take_turn(0, 55)
          ab2065b17bc5729a416d5b9cec7ab21e
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> take_turn(11, 0)
          92e4af7c611466f223e28098fa51e6c9
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
          >>> take_turn(2, 0, make_test_dice(4, 5, 1))
          b88f29f54d79afa4ad44e6811a509437
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> take_turn(3, 20, make_test_dice(4, 1, 6))
          61517d235add7e7cd5aacf2060e39a02
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> take_turn(0, 47)
          122abfe8e650075ad39c9022195a650a
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> take_turn(0, 5)
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
          >>> def fake_roll_dice(num_rolls, dice):
          ...     print('roll_dice was called')
          ...     return 9002
          >>> hog.roll_dice, real_roll_dice = fake_roll_dice, hog.roll_dice
          >>> hog.take_turn(5, 0)
          4386579f5a502c6e41d1b94628ac45fc
          677e40a9782742b2718c799be99e7904
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
      ],
      'scored': True,
      'setup': r"""
      >>> import hog
      """,
      'teardown': r"""
      >>> hog.roll_dice = real_roll_dice
      """,
      'type': 'doctest',
    },
    {
      'cases': [
        {
          'code': r"""
          >>> def fake_zero(score):
          ...     print('free_bacon was called')
          ...     return 7
          >>> hog.free_bacon, real_zero = fake_zero, hog.free_bacon
          >>> hog.take_turn(0, 30)
          27da6cacfff3015181ac30660ee09db4
          95848f817f29edfbd482bd4aeeeb6be6
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
      ],
      'scored': True,
      'setup': r"""
      >>> import hog
      """,
      'teardown': r"""
      >>> hog.free_bacon = real_zero
      """,
      'type': 'doctest',
    },
    {
      'cases': [
        {
          'code': r"""
          >>> from hog_checks import further_checks
          >>> further_checks('03')
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
