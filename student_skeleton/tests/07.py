test = {
  'name': 'Question 7',
  'points': 3,
  'suites': [
    {
      'cases': [
        {
          'code': r"""
          >>> f = announce_highest(0)
          >>> f = f(10, 0)
          526d4aaceb37e1c28ddcbce6b528d017
          # locked
          >>> f = f(14, 3)
          >>> f = f(30, 3)
          db768fcc3c5625a091f3fc237f31ee7a
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
          >>> f0 = announce_highest(1) # Only announce Player 1 score gains
          >>> f1 = f0(11, 0)
          >>> f2 = f1(11, 9)
          bb5394d48b016af953eb4dcd7d9c2c19
          # locked
          >>> f3 = f2(20, 9)
          >>> f4 = f3(9, 20) # A swap: Player 1 gains 11
          a82d4260316d29eb5d7ac772b23606fc
          # locked
          >>> f5 = f4(20, 31) # 11 again: not more than before
          >>> f6 = f5(20, 44)
          4621183401cdd8d834ce591bc86a1d5c
          # locked
          >>> f7 = f6(44, 20) # A swap lowers Player 1's score
          >>> f8 = f7(20, 64)
          d5efe365bac66df13df92a93d96cf272
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> f = announce_highest(0)
          >>> f = f(10, 0)
          526d4aaceb37e1c28ddcbce6b528d017
          # locked
          >>> f = f(20, 4)
          >>> f = f(20, 9)
          >>> f = f(35, 9)
          76f4f763bfbe5d16c93294be63b42b32
          # locked
          >>> f = f(36, 12)
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> f0 = announce_highest(1)
          >>> f1 = f0(12, 0)
          >>> f2 = f1(12, 10)
          d75c7a4cfee869064c0f92adb608a19f
          # locked
          >>> f3 = f2(20, 25)
          cb2356d23dd66289d6f33649db5b6505
          # locked
          >>> f2_again = f1(11, 9)
          bb5394d48b016af953eb4dcd7d9c2c19
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
          >>> further_checks('07')
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
