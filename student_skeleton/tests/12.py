test = {
  'name': 'Question 12',
  'points': 0,
  'suites': [
    {
      'cases': [
        {
          'answer': 'd826a4f73393a020ee15b39b9abb9c29',
          'choices': [
            'A list of rolls',
            'A probability',
            'Any integer',
            'Only legal numbers of dice',
          ],
          'hidden': False,
          'locked': True,
          'question': 'Which values may final_strategy return?',
        },
      ],
      'scored': False,
      'type': 'concept',
    },
    {
      'cases': [
        {
          'code': r"""
          >>> answers = [final_strategy(s, o) for s in range(0, 100, 7) for o in range(0, 100, 5)]
          >>> all(type(n) is int and n in [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] for n in answers)
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
          >>> further_checks('12')
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
