"""The 16 phases of a round, grouped as the rulebook's sections; each module is a mixin of the State.

==========================  ====================================================
module                      phases
==========================  ====================================================
``income_and_nobles``       1 income, 2 nobles
``elections``               3 electing the king, 6 elections (governors)
``armies_and_campaigns``    4 the Polish army, 9 buy armies, 10 campaigns, 12 Poland fights back
``battles``                 the battle procedure of phases 10-13
``enemies``                 5 events, 11 enemies attack, 13 enemies expand
``estates``                 7 build estates, 14 estates
``special_actions``         8 special actions
``scoring``                 15 victory points, 16 end of round, the final scoring
==========================  ====================================================
"""
