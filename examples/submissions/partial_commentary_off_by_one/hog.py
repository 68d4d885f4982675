"""The Game of Hog, Fall 2019: a simulator and strategies.

Special rules this semester: Pig Out, Free Bacon, Swine Swap, Feral Hogs.
"""


from dice import four_sided, make_test_dice, six_sided
from ucb import interact, main, trace


GOAL_SCORE = 100  # The goal of Hog is to score 100 points.


######################
# Phase 1: Simulator #
######################


def roll_dice(num_rolls, dice=six_sided):
    """Roll DICE NUM_ROLLS times and return the points for the turn: the sum of the
    outcomes, or 1 if any outcome is a 1.

    num_rolls:  how many dice to roll (a positive integer).
    dice:       a function of no arguments that returns one outcome.

    >>> roll_dice(7, make_test_dice(1, 1, 1, 1, 1, 4, 6))
    1
    >>> roll_dice(4, make_test_dice(3, 3, 3, 3))
    12
    """
    # These checks make sure num_rolls is a positive whole number.
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls > 0, 'Must roll at least once.'
    # BEGIN PROBLEM 1
    total, rolled_a_one = 0, False
    for _ in range(num_rolls):
        outcome = dice()
        total = total + outcome
        if outcome == 1:
            rolled_a_one = True
    if rolled_a_one:
        return 1
    return total
    # END PROBLEM 1


def free_bacon(score):
    """Return the points for rolling zero dice when the opponent has SCORE points:
    10 minus the smaller of SCORE's tens and ones digits.

    score:  the opponent's current score (a score under 10 has a tens digit of 0).

    >>> free_bacon(13)
    9
    >>> free_bacon(85)
    5
    >>> free_bacon(7)
    10
    """
    assert score >= 0, 'A score is never negative.'
    # BEGIN PROBLEM 2
    tens, ones = score // 10 % 10, score % 10
    return 10 - min(tens, ones)
    # END PROBLEM 2


def take_turn(num_rolls, opponent_score, dice=six_sided):
    """Return the points a player scores in one turn of rolling NUM_ROLLS dice,
    using Free Bacon when NUM_ROLLS is 0.

    num_rolls:       how many dice the player rolls (0 to 10).
    opponent_score:  the opponent's total score.
    dice:            a function of no arguments that returns one outcome.
    """
    # Leave these checks here: they catch common mistakes early.
    assert type(num_rolls) == int, 'num_rolls must be an integer.'
    assert num_rolls >= 0, 'Cannot roll a negative number of dice in take_turn.'
    assert num_rolls <= 10, 'Cannot roll more than 10 dice.'
    # BEGIN PROBLEM 3
    if num_rolls == 0:
        points = free_bacon(opponent_score)
    else:
        points = roll_dice(num_rolls, dice)
    return points
    # END PROBLEM 3


def is_swap(player_score, opponent_score):
    """Return whether the scores trade places: they do when the first digit times the last
    digit of PLAYER_SCORE equals the same product for OPPONENT_SCORE.

    >>> is_swap(2, 4)
    False
    >>> is_swap(22, 4)
    False
    >>> is_swap(28, 4)
    True
    >>> is_swap(124, 2)
    True
    >>> is_swap(44, 28)
    True
    >>> is_swap(2, 0)
    False
    >>> is_swap(10, 0)
    True
    """
    # BEGIN PROBLEM 4
    def first_times_last(score):
        first = score
        while first >= 10:
            first = first // 10
        return first * (score % 10)

    return first_times_last(player_score) == first_times_last(opponent_score)
    # END PROBLEM 4


def feral_hogs_bonus(num_rolls, previous_rolls):
    """Return the extra points Feral Hogs gives a player who rolls NUM_ROLLS dice this
    turn after rolling PREVIOUS_ROLLS dice on their own previous turn: 3 when the two
    differ by exactly 2, otherwise 0. Before a player's first turn, PREVIOUS_ROLLS is 0.

    >>> feral_hogs_bonus(5, 3)
    3
    >>> feral_hogs_bonus(4, 3)
    0
    >>> feral_hogs_bonus(0, 2)
    3
    >>> 3 + feral_hogs_bonus(2, 0)
    6
    """
    # BEGIN PROBLEM 5b
    if abs(num_rolls - previous_rolls) == 2:
        return 3
    return 0
    # END PROBLEM 5b


def other(who):
    """Return the other player, for a player WHO numbered 0 or 1.

    >>> other(0)
    1
    >>> other(1)
    0
    """
    return 1 - who


def silence(score0, score1):
    """Announce nothing (see Phase 2)."""
    return silence


def play(strategy0, strategy1, score0=0, score1=0, dice=six_sided,
         goal=GOAL_SCORE, say=silence, feral_hogs=True):
    """Simulate a game and return the final scores of both players, Player 0 first.

    A strategy is a function of (the mover's score, the opponent's score) that
    returns how many dice the mover rolls this turn.

    strategy0:  the strategy of Player 0, who moves first.
    strategy1:  the strategy of Player 1.
    score0:     the score of Player 0 when the game starts.
    score1:     the score of Player 1 when the game starts.
    dice:       a function of no arguments that returns one outcome.
    goal:       the game ends when a player reaches GOAL points.
    say:        the commentary function to call at the end of each turn.
    feral_hogs: whether the Feral Hogs rule is in force.
    """
    who = 0  # Who is about to take a turn, 0 (first) or 1 (second)
    # BEGIN PROBLEM 5a, 5b, 6
    last_rolls = [0, 0]  # Each player's number of dice on their previous turn
    while score0 < goal and score1 < goal:
        say = say(score0, score1)
        strategy = strategy0 if who == 0 else strategy1
        player, opponent = (score0, score1) if who == 0 else (score1, score0)
        num_rolls = strategy(player, opponent)
        player = player + take_turn(num_rolls, opponent, dice)
        if feral_hogs:
            player = player + feral_hogs_bonus(num_rolls, last_rolls[who])
            last_rolls[who] = num_rolls
        if is_swap(player, opponent):
            player, opponent = opponent, player
        score0, score1 = (player, opponent) if who == 0 else (opponent, player)
        who = other(who)
    # END PROBLEM 5a, 5b, 6
    return score0, score1


#######################
# Phase 2: Commentary #
#######################


def say_scores(score0, score1):
    """A commentary function that announces both players' scores."""
    print("Player 0 now has", score0, "and Player 1 now has", score1)
    return say_scores


def announce_lead_changes(last_leader=None):
    """Return a commentary function that announces each change of the lead.

    >>> f0 = announce_lead_changes()
    >>> f1 = f0(5, 0)
    Player 0 takes the lead by 5
    >>> f2 = f1(5, 12)
    Player 1 takes the lead by 7
    >>> f3 = f2(8, 12)
    >>> f4 = f3(8, 13)
    >>> f5 = f4(15, 13)
    Player 0 takes the lead by 2
    """
    def say(score0, score1):
        if score0 > score1:
            leader = 0
        elif score1 > score0:
            leader = 1
        else:
            leader = None
        if leader is not None and leader != last_leader:
            print('Player', leader, 'takes the lead by', abs(score0 - score1))
        return announce_lead_changes(leader)
    return say


def both(f, g):
    """Return a commentary function that says what F says, then what G says.

    (The scores below need not come from a real game: commentary only reads them.)

    >>> h0 = both(say_scores, announce_lead_changes())
    >>> h1 = h0(10, 0)
    Player 0 now has 10 and Player 1 now has 0
    Player 0 takes the lead by 10
    >>> h2 = h1(10, 8)
    Player 0 now has 10 and Player 1 now has 8
    >>> h3 = h2(6, 17)
    Player 0 now has 6 and Player 1 now has 17
    Player 1 takes the lead by 11
    """
    def say(score0, score1):
        return both(f(score0, score1), g(score0, score1))
    return say


def announce_highest(who, last_score=0, running_high=0):
    """Return a commentary function that announces when player WHO gains more points in
    a turn than ever before in the game. LAST_SCORE is WHO's score after the previous
    turn and RUNNING_HIGH the largest gain so far.

    >>> f0 = announce_highest(1) # Only announce Player 1 score gains
    >>> f1 = f0(12, 0)
    >>> f2 = f1(12, 9)
    9 point(s)! The most yet for Player 1
    >>> f3 = f2(20, 9)
    >>> f4 = f3(20, 30)
    21 point(s)! The most yet for Player 1
    >>> f5 = f4(20, 47) # Player 1 gets 17 points; not enough for a new high
    >>> f6 = f5(21, 47)
    >>> f7 = f6(21, 77)
    30 point(s)! The most yet for Player 1
    """
    assert who == 0 or who == 1, 'The who argument should indicate a player.'
    # BEGIN PROBLEM 7
    def say(score0, score1):
        score = score0 if who == 0 else score1
        gain = score - last_score
        if gain > running_high:
            print(gain, 'point(s)! The most yet for Player', who)
            return announce_highest(who, score, gain)
        return announce_highest(who, score, running_high)
    return say
    # END PROBLEM 7


#######################
# Phase 3: Strategies #
#######################


def always_roll(n):
    """Return a strategy that always rolls N dice.

    A strategy is a function that takes two total scores as arguments (the current
    player's score, and the opponent's score), and returns a number of dice that the
    current player will roll this turn.

    >>> strategy = always_roll(5)
    >>> strategy(0, 0)
    5
    >>> strategy(99, 99)
    5
    """
    def strategy(score, opponent_score):
        return n
    return strategy


def make_averaged(fn, num_samples=1000):
    """Return a function that calls FN NUM_SAMPLES times on the same arguments and
    returns the average of the results.

    >>> dice = make_test_dice(4, 2, 5, 1)
    >>> averaged_dice = make_averaged(dice, 1000)
    >>> averaged_dice()
    3.0
    """
    # BEGIN PROBLEM 8
    def averaged(*args):
        total = 0
        for _ in range(num_samples):
            total = total + fn(*args)
        return total / num_samples
    return averaged
    # END PROBLEM 8


def max_scoring_num_rolls(dice=six_sided, num_samples=1000):
    """Return the number of dice (1 to 10) that gives the highest average turn score
    from calling roll_dice with DICE. A tie goes to the lowest number of dice.

    >>> dice = make_test_dice(3)
    >>> max_scoring_num_rolls(dice)
    10
    """
    # BEGIN PROBLEM 9
    averaged_roll = make_averaged(roll_dice, num_samples)
    best_rolls, best_average = 1, None
    for num_rolls in range(1, 11):
        average = averaged_roll(num_rolls, dice)
        if best_average is None or average > best_average:
            best_rolls, best_average = num_rolls, average
    return best_rolls
    # END PROBLEM 9


def winner(strategy0, strategy1):
    """Return 0 if strategy0 wins against strategy1, and 1 otherwise."""
    score0, score1 = play(strategy0, strategy1)
    if score0 > score1:
        return 0
    else:
        return 1


def average_win_rate(strategy, baseline=always_roll(4)):
    """Return the average win rate of STRATEGY against BASELINE, averaged over both seats."""
    win_rate_as_player_0 = 1 - make_averaged(winner)(strategy, baseline)
    win_rate_as_player_1 = make_averaged(winner)(baseline, strategy)
    return (win_rate_as_player_0 + win_rate_as_player_1) / 2


def run_experiments():
    """Run a series of strategy experiments and report the results."""
    six_sided_max = max_scoring_num_rolls(six_sided)
    print('Max scoring num rolls for six-sided dice:', six_sided_max)
    print('always_roll(6) win rate:', average_win_rate(always_roll(6)))
    print('bacon_strategy win rate:', average_win_rate(bacon_strategy))
    print('swap_strategy win rate:', average_win_rate(swap_strategy))
    print('final_strategy win rate:', average_win_rate(final_strategy))


def bacon_strategy(score, opponent_score, margin=8, num_rolls=4):
    """Roll 0 dice when that scores at least MARGIN points; otherwise roll NUM_ROLLS."""
    # BEGIN PROBLEM 10
    if take_turn(0, opponent_score) >= margin:
        return 0
    return num_rolls
    # END PROBLEM 10


def swap_strategy(score, opponent_score, margin=8, num_rolls=4):
    """Roll 0 dice when that causes a swap that helps; never roll 0 when that causes a
    swap that hurts; otherwise roll 0 when it scores at least MARGIN points, and
    NUM_ROLLS when it does not. A swap of equal scores neither helps nor hurts."""
    # BEGIN PROBLEM 11
    new_score = score + take_turn(0, opponent_score)
    if is_swap(new_score, opponent_score):
        if opponent_score > new_score:
            return 0
        if opponent_score < new_score:
            return num_rolls
    return bacon_strategy(score, opponent_score, margin, num_rolls)
    # END PROBLEM 11


# BEGIN PROBLEM 12
# One string per score of the mover; one character per score of the opponent:
# '0' to '9' and 'A' (10) are numbers of dice, 'C' (-1) is a Pork Chop.
FINAL_STRATEGY_TABLE = (
    '48004600000AA24262200066660226044166266A01688164400488808880041984188A0573644208008A46682A018908AAA2',
    '46600646666808A4440006A600844964048463588A481888414488888688881966190A4463844180841AA6682A517918AA42',
    '060640806666666667AA6606666010444A3083473441186668666A61676A661A66098AA4036741AA2418636819497888A842',
    '0606464860086674604420306846A60240806004046AA86461698881679A6688831AAAA4684448A784A8824618447818A941',
    '0660460666068808600040545865404044868808044848844118868A96891868A6189A0351A440901666526669146818AA31',
    '0000000080068064580406666680626634366360003664666993886666686386A6968A1352944150136856111116229AA837',
    '006000600000800006640004467546622460864850455554447046785648827A85664983428849A9A0588046098368AAA831',
    '0000800886680800864A6618600680500266666040666068666246868646106666784692606844491326AA48901368AAAA31',
    '00602000800864680600A410666646420666666661236686661046806A60346676A868A041884448A30802466A1257A1222A',
    '006A004400066068066086206646028224664842A344448484A148888484A26A888888A2A1A88448900810446AA257AAA821',
    '400000542666855086248810060660060248682008A26664810146666066010660A66600A8AA44480226A9456A00579AAA20',
    '4408666060088A67866088346604868204664468A184486874486688688641688A818861418A0438428602456832478A8912',
    '624060488866668068A84AA4568A666A048668409234468688414088846604566888860131880638412682456A42469AA9A1',
    '680004606660884684880AA244446606163660680A326666260136268666616666A0666A396AAA384126922AAA61468A89A1',
    '000000088888000404A004A0444622028266666882444468684A0688488440488A8888113088083808869285AA11468A89A1',
    '080080406008089688890689A4684808968866844828686668686628668669846A8A8611368A4A28102782AAAA1A368A2901',
    '0000A0000000004600A60A0866866046680666A2A006666626A9242666666266AA8988A9356A8828A126422AAAA1358AA8A1',
    '00000008840068468880888084406804440666064686864884180486488404244888880A258848281A3482244A11358AA0A0',
    '0701A00660A60AA066660666A66666489A65644848668446864666686666640448AA66192A6A8A601135622A8A19058AA1A9',
    '080840068008884068868088066866A666066886A840666A669A6426466694266888889A047A8A18912602288A93357AA7A9',
    '4084824880620000000644805444A6844444446408A488488408148888880024488888062488AA1A080572AAAA03247AA7A9',
    '080A4006660626066888666666669666886866A86AA68646A666A6666A86430A666A0A6A1468A9226164622A6A500471A2A9',
    '0866800888088008066886868886888888600A4648880868686816288A884940AA68A84A8469A0088114628A8A422469A7AA',
    '08688A00660448A480460888808866866866889868A888488848186888886003486A8A4A83688A1A990462AAAA421469A82A',
    '060000068808066600660667826866066A68666666666666A66A9A666A866223666A8A481368A49A14A362A8AA101468A82A',
    '00080A06840788840088008888888408889268864889888888888888888888888868888883888888141882888A128368A62A',
    '00600A86600668A06887086688886666666A66666666866666666666686A61033868AA8A9A6AA9A8AA13502A8AA21368A61A',
    '0000000060000A6A6686066460666666666A66666660A6666866066866A60123A86A8A08A268A8AA14935890A8011358A6AA',
    '0060AA00670466A068008866888884866888988888488868888880888888889988888A88A248A889138882A8A8110358A3AA',
    '0400AA066006866066A000068A66666666AA46689666666666968666666691106666669AA246A8AA934256AAAA9A2057A51A',
    '144618844464086056804864890884664848488888848808880688A8888801882648880080488A8803A2A88888011247A5AA',
    '16668A6006628440668670648886A08848888888888888686886868888888911888888888188888A838048888811124796AA',
    '84008004486666625640665066666566A6AA66AA66A66A066666666AA666681A066666660146AAA6433A468AAA69A0469A9A',
    '8446806200068880288088488608848888888888888A888888888888888888A818888848884688888031368A888811468A9A',
    '84548000000668662686086866466A06A6AA666666666A666606696666666661A666666661368866622A3688AA1811468A9A',
    '07000000406648884666666468A6646AA6AA666A66866A6666866668A66666096666686661368668122A368AA8189A368A9A',
    '0700005000024700068708448808800888888888888888888888888888888888188888888A888686810136809A886136888A',
    '00060004000560704666070066A66A06A6AA666666666A966666A66AA6666668966669666826666661293669081A613580AA',
    '0000000040A66050000667806646880886A884888888886488A88688868868668668888888248A8888822498881869357AAA',
    '12408240400060600860086888048808849888888688888488A888088888988888888898882466889110046686A868247AAA',
    '60000146086406606606600766650666A66A666666666A666666A66666660666066666066826666601A126686800662569AA',
    '087008920800600820048040048288088888888884888884888888888688888888888888880888888911248A8882582479A9',
    '64A6687048008368004000684800866886088478666666648666A668668668968666668666168666681A04686A4A582469A9',
    '0006880640866406646666066600060666666666668668666666A666666666666666666666A46866669116666642580469AA',
    '05000000400444660844082648848808888888888488488488888898848888888888888888188888188183888812401368AA',
    'A676680006446066046006660664660666666666666666666666A668668666669606666666666666666913666A1A45A368AA',
    '00600000400644600460068646646606666808660666486468468488848688886688888689988688868413666682441368AA',
    '90000000000009009040408844846888888888848448488488888888848848848888884888858886708493689932481350AA',
    '00040000000606060064006600066606666666666666666666666666666666666696696666666669666682565830449358AA',
    '046040000000406080000684448454068475486404444884880884488446A8866888489848824488988882488498304257AA',
    '84644680446600000040440444084884846808446444474466868488848608686866880688846666008662666A00384257AA',
    '046047A4066400066206666600666606666666666AA666666666A6666A66666660666666666666666A66A2A626023A4246AA',
    '00044684600446466040040444880466480488440848448888888888888888888888888888808888848801888448083247AA',
    '04604604640646446646048844864664466666440646466666066666666666666666660A666666A66A6AA0A6AAA03A3146AA',
    '0060000A600446066246066044866606666666466A4446A8666686666A666668A66A6666A668646A4AAA88A88810283041AA',
    '000000000008468488000488468044044844084448484888880888888888888887888888888888888888818888880A0831AA',
    '04544560000600000000046846024000664656450A46A4A667066A666A66666AA6AAA66AAAA9AAA6AAA2A1AAAAAA2A21AAAA',
    '6000000000006009000004704466040056440840084646A846068864688688488688888A88888A8888A089A88A1A1A213AAA',
    '0400300000000000600000082008040040550845004744884686884468468888868A8888888888888A888AA8AA1A1A29AAAA',
    '001401000000000000000008000600000045063008064466660666666AA6666AA6AAA696AAAAAAAA9AA8AA8AAA9AA02AAAAA',
    '146405004610000006009000040004800054800048048438468688648884888884888808888888880888888888081A0AAAAA',
    '9758840AA6A0000860040007000000004000080006008687668488648A468668A66AA6A66AA0AAAAA8AAA8AAAAAAAA1AAAAA',
    '130008AAA01666666680000600600100006006A000068766756666646A66A66AA6AAA668AAAAAAAAA9AAA0AAAAAA9A9AAAAA',
    '07440AA81606446848846448086000800008800808888608650688688888888884888888888808888889AA8AA8A8AA101AAA',
    '0000000000A66668688804622868A0064060A68A0666668666064664666A06AAAAA6A666AAAAAAAAAAAAAA0AA9A8AAAAAAAA',
    '0000000A000626080080026226886A002864A6880688608800068664668A06A8A8888888A888888A8888AA888A88A99A0AAA',
    '000000000004600070090066886080004888988008888888650688487889088888888888888A988888888A8A88899990AAAA',
    'A648A49900005057049003660868A0060064866A0666666664066664666A066A6AA6AA66666AAAAAA6AAAA9A8AA9999999AA',
    '0008089000000000008003560800000008808588068868868804488888888688888888888888888988888888888899999889',
    '060390800000000000800460800000000784007004086866800668886666068868868A66686A868A986AAA8A899AA8999999',
    '800811862110000000009060700800A0006806606068667766664666666AA6666A66A6666666868866688AA8880888889899',
    '1367818688100044407110048000800007880088844868848804508877888888888888888888888888888888888888888888',
    '13A7888011134256647683046606660000000000640664664662666666666668688766666666666666666666668686688888',
    '0000000780A44406246603366688880400666666606066008604648664888668886686866888888888668888888888888888',
    '0500070880214246600602507688668406406488044844446804048800888488688688888888868868868888888786868888',
    '0000000000040406300682506666660066866666044666666604466866660666686686666666666666666660666676666666',
    '0000000000000400050702050064000006667487044246548704448854870488887887748888888888888788888777777077',
    'A000000000000000505000050006600205666657000646646604668664660666866666066866666666666667666777777666',
    '99A6676590000000000000500050000005560606000056662604462664660466686666646666666664668666666677777766',
    '0000700430000000000007000005000005500000000055044000448865660445586486044666666664466666677446666666',
    'A000686401800000000080000000008000000000600004600660666664666666666666666666666666666666666666667666',
    '1A11001688100004144400000000004200000000000004646600402445500244564464644444464400644666660444466666',
    '0A046066860A0810004460004564041240000000002040040404045464560460055554044646464564664644446464665666',
    '0000606000011111444401344444601140460441000004400000420666560464666466066466555404664666660454466555',
    'A905755990002120144000114644640144000000000444246400400440044044464464044444444404644444444044444444',
    '0000000000020030003301324254400242546646020020400020046444440204064664004464444604640644645454556665',
    '0000009009000000000000033322430234434444022044344503004444450044644444000444544554444444444455545444',
    '0000000000000000000000030333309003225422023400000000430444440004444644004444444404444444444445444404',
    '0000000000000000000000000200000003333332002222244400444004430203364444404444444443444444444444444454',
    '0AA3404761000000000000000000000000000000000224022000006004200244354444024424644604444444444223344444',
    '4000000000100000000010000000001000000303900030333310000443339234233243433434444442434433344222333333',
    '0A00000000000100000000000000000000000000000000020200500002000000240333002423323300322323330022233333',
    '00000000000100000000000000000000000000000A0030000000002004020004202433000424433300033443330004223333',
    '0000000000001000000001100000000000000000000000000001000932230000200223000020323300002222330000222222',
    '0010000000000100000000000000000100000000000000000000000022000000023322000002222200000222230000022222',
    '0000000000000010000000000000000010000000010000000000000000000000002210000000224200000022220000002222',
    '0000000000000001001000100000000000000000000000000001000000000000000000000000024204000006260000000222',
    'A000AAAAAA000000100100001AA00A0000000000A01000000020000000000100000000000000000000000000210000000022',
    '0000000000000000010000011AAAAA0011AAA000001000000000000000000000000000010000000000000000000000000001',
    '0001AAAAAA000000001000000AAAAA0001AAAAAA000AAAAAAA00AAAAAAAA00AAAAAAAA00AAAAAAAA01AAAAAAAA00AAAAAAAA',
)
# END PROBLEM 12


def final_strategy(score, opponent_score):
    """Return the number of dice to roll when the mover has SCORE points and the
    opponent has OPPONENT_SCORE.

    The best table of the two scores found by `hogkit solve` (contest figure 0.7742 vs always_roll(4)).
    """
    # BEGIN PROBLEM 12
    # find() gives the position of the character in '0123456789A', or -1 for 'C'.
    return '0123456789A'.find(FINAL_STRATEGY_TABLE[score][opponent_score])
    # END PROBLEM 12


##########################
# Command Line Interface #
##########################


# Run python3 hog.py -r to run the experiments of Phase 3.


@main
def run(*args):
    """Read the command-line arguments and run what they ask for."""
    import argparse
    parser = argparse.ArgumentParser(description="Play Hog")
    parser.add_argument('--run_experiments', '-r', action='store_true',
                        help='Runs strategy experiments')
    args = parser.parse_args()
    if args.run_experiments:
        run_experiments()
