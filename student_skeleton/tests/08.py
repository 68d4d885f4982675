test = {
  'name': 'Question 8',
  'points': 2,
  'suites': [
    {
      'cases': [
        {
          'code': r"""
          >>> make_averaged(make_test_dice(1, 3), 4)()
          3b50eb2e829df95f08a91af3a476dc87
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> averaged = make_averaged(roll_dice, 2)
          >>> averaged(1, make_test_dice(2, 4))
          772d77d84e22f30715b95a842c6dcbcb
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
          >>> dice = make_test_dice(4, 2, 5, 1)
          >>> averaged_dice = make_averaged(dice, 1000)
          >>> averaged_dice()
          772d77d84e22f30715b95a842c6dcbcb
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> make_averaged(max, 10)(3, 7)
          1ece0d06257030187b1113869f43e65d
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> averaged_pow = make_averaged(pow, 5)
          >>> averaged_pow(2, 8)
          7890bc74252768850842b03c5495ee48
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> calls = []
          >>> def noted(x):
          ...     calls.append(x)
          ...     return x
          >>> make_averaged(noted, 5)(2)
          3b50eb2e829df95f08a91af3a476dc87
          # locked
          >>> calls
          e54fce05cbd8c1e16247352d3871e715
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
          >>> further_checks('08')
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
