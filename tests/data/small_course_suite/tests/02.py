test = {
  'name': 'Question 2',
  'points': 1,
  'suites': [
    {
      'cases': [
        {
          'code': r"""
          >>> free_bacon(13)
          9
          >>> free_bacon(85)
          5
          """,
          'hidden': False,
          'locked': False,
        },
        {
          'code': r"""
          >>> free_bacon(105)
          10
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
  ],
}
