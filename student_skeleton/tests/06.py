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
          >>> def echo(score0, score1):
          ...     print(score0, score1)
          ...     return echo
          >>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(3), goal=5, say=echo, feral_hogs=False)
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
          >>> def count(n):
          ...     def say(score0, score1):
          ...         print(n)
          ...         return count(n + 1)
          ...     return say
          >>> s0, s1 = play(always_roll(1), always_roll(1), dice=make_test_dice(3), goal=10, say=count(1), feral_hogs=False)
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
          >>> def echo(score0, score1):
          ...     print(score0, score1)
          ...     return echo
          >>> s0, s1 = play(lambda score, opponent: 1 - opponent // 10, always_roll(3), dice=make_test_dice(4, 2, 6), goal=15, say=echo, feral_hogs=False)
          d59dc784e4f51a69c53087bb482d36e6
          6815aa2fbab8fca6466dee33f7513560
          bc9049f8c78606e021d7cf4908a55580
          890e2b040ce9462e115dd1559c5aac13
          # locked
          """,
          'hidden': False,
          'locked': True,
        },
        {
          'code': r"""
          >>> s0, s1 = play(always_roll(2), always_roll(0), dice=make_test_dice(6, 2, 5), goal=30, say=both(say_scores, announce_lead_changes()), feral_hogs=False)
          1cb0f74cb954020b390e79f8854c3ff5
          bb1eec5387c8ac66a7b903fe2d62d511
          45315f41b18658bf2a64ce5bce34078a
          5c8fec84d7798c160fa7e8b43f35980d
          f3441965dad79a6e572881b5b3dc5328
          2c1a3f5d8e2a90cb327ddcf480d64adc
          72181731ce17ff28b2726f7fb042dcc9
          457dff7deb2237cfe140a527324e8b6e
          8baab3ed798ff53f73d5e2ee232a99e9
          cab49d3cedd8173f30c5ec03700d218b
          c7090d89f754f75bfaed3632c63dc92c
          a5d1b2e2f57a16612406131aea5a10ce
          8baab3ed798ff53f73d5e2ee232a99e9
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
  ]
}
