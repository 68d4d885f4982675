test = {
  'name': 'Question 6',
  'points': 2,
  'suites': [
    {
      'cases': [
        {
          'answer': '97f2bd0aa09b5c5c2b89bf439dfec842',
          'choices': [
            'A commentary function for the next turn',
            'None',
            'The highest gain so far',
            'The printed message',
          ],
          'hidden': False,
          'locked': True,
          'question': 'What does a commentary function return?',
        },
      ],
      'scored': False,
      'type': 'concept',
    },
    {
      'cases': [
        {
          'code': r"""
          >>> play(always_roll(1), always_roll(2), dice=make_test_dice(4, 2, 6), goal=20, say=say_scores)
          9de219cd04576020bed3a3831d511415
          d621a58a391cfaa27d9d65695ac316ab
          1a26af21cc768b1423bbf40af836c942
          c0954a05bf807e9ce49d42a5d00752ea
          6e42f817500031750c19e95c03083b4c
          59ee023fe6a120b6fc27eba1e5deec1d
          df4374ddc3c8aa5f94119fa7b8a0db6b
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
          >>> def picks_by_sum(*choices):
          ...     def strategy(score, opponent_score):
          ...         return choices[(score + opponent_score) % len(choices)]
          ...     return strategy
          >>> def echo(score0, score1):
          ...     print(score0, score1)
          ...     return echo
          >>> s0, s1 = play(picks_by_sum(1), picks_by_sum(1), dice=make_test_dice(3), goal=5, say=echo, feral_hogs=False)
          31396e4a0361b355186957aac28e8c93
          f2c5725d2aeb84bc6e884418c884d511
          71f7a91820e9bbd003e4afbc2becf64e
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> def picks_by_sum(*choices):
          ...     def strategy(score, opponent_score):
          ...         return choices[(score + opponent_score) % len(choices)]
          ...     return strategy
          >>> def count(n):
          ...     def say(score0, score1):
          ...         print(n)
          ...         return count(n + 1)
          ...     return say
          >>> s0, s1 = play(picks_by_sum(1), picks_by_sum(1), dice=make_test_dice(3), goal=10, say=count(1), feral_hogs=False)
          61517d235add7e7cd5aacf2060e39a02
          cbbe094a253fd4d82a3010dee251885d
          427128f15e41af87eab6db8a8d62a1e5
          0699823c311526e2b12052b67c32dfe2
          ab2065b17bc5729a416d5b9cec7ab21e
          122abfe8e650075ad39c9022195a650a
          95848f817f29edfbd482bd4aeeeb6be6
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> def picks_by_sum(*choices):
          ...     def strategy(score, opponent_score):
          ...         return choices[(score + opponent_score) % len(choices)]
          ...     return strategy
          >>> def echo(score0, score1):
          ...     print(score0, score1)
          ...     return echo
          >>> s0, s1 = play(picks_by_sum(10, 0), picks_by_sum(10, 0), score0=7, score1=16, dice=make_test_dice(2, 6, 4), goal=30, say=echo, feral_hogs=False)
          7dd7c33cc4ccd9f3901e1010c9221b98
          f12a859820309fd5d14dee936b07e9a3
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> def picks_by_sum(*choices):
          ...     def strategy(score, opponent_score):
          ...         return choices[(score + opponent_score) % len(choices)]
          ...     return strategy
          >>> s0, s1 = play(picks_by_sum(7), picks_by_sum(7), score0=69, score1=59, dice=make_test_dice(3), goal=100, say=both(say_scores, announce_lead_changes()), feral_hogs=False)
          b9727752095827db12a667186917c487
          56571d64a295916d48932078ba0b6bef
          e21ef44a04fe11c428230ed03e98b970
          a6bca77b2e85b120839b10f5c8082d69
          b15ddce849c88fb8d09072da1c525f31
          9ea2c9e246c42e45bde6edd626c9b5c8
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
          >>> further_checks('06')
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
