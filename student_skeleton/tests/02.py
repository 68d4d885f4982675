test = {
  'name': 'Question 2',
  'points': 1,
  'suites': [
    {
      'cases': [
        {
          'answer': 'abab17dd668a3c1fc9eafa03992fc270',
          'choices': [
            '0 and 7',
            '1 and 7',
            '7 and 7',
            'Only 7',
          ],
          'hidden': False,
          'locked': True,
          'question': 'The opponent has 7 points. Which two digits does Free Bacon compare?',
        },
        {
          'answer': 'e9a59406198b6020c4478967eaa864d8',
          'choices': [
            '1',
            '10',
            '19',
            '9',
          ],
          'hidden': False,
          'locked': True,
          'question': 'What is the most a player can score with Free Bacon?',
        },
      ],
      'scored': False,
      'type': 'concept',
    },
    {
      'cases': [
        {
          'code': r"""
          >>> free_bacon(13)
          b88f29f54d79afa4ad44e6811a509437
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> free_bacon(85)
          ab2065b17bc5729a416d5b9cec7ab21e
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> free_bacon(7)
          e9a59406198b6020c4478967eaa864d8
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
          >>> free_bacon(13)
          b88f29f54d79afa4ad44e6811a509437
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> free_bacon(85)
          ab2065b17bc5729a416d5b9cec7ab21e
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> free_bacon(7)
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
          >>> further_checks('02')
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
