test = {
  'name': 'Question 0',
  'points': 0,
  'suites': [
    {
      'cases': [
        {
          'answer': '5f98d430327a2ea05716dda115eb3215',
          'choices': [
            'Each call may return a different value',
            'It changes the scores',
            'It prints its outcome',
            'It takes arguments',
          ],
          'hidden': False,
          'locked': True,
          'question': 'Why is a die like six_sided not a pure function?',
        },
      ],
      'scored': False,
      'type': 'concept',
    },
    {
      'cases': [
        {
          'code': r"""
          >>> dice = make_test_dice(4, 1, 2)
          >>> dice()
          0699823c311526e2b12052b67c32dfe2
          # locked
          >>> dice()
          61517d235add7e7cd5aacf2060e39a02
          # locked
          >>> dice()
          cbbe094a253fd4d82a3010dee251885d
          # locked
          >>> dice()
          0699823c311526e2b12052b67c32dfe2
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> make_test_dice()
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
  ]
}
