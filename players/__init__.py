"""What a player sees of their own play: their pages (``/me/``), and their numbers.

``pages`` serves the pages (sign in, sessions and hands, money by day, statement),
``urls`` routes them, ``selectors`` reads a player's sessions, days and results;
the API's ``/api/me/...`` answers the same reads (``api.players``). A login linked
to a ``Player`` sees only that player's sessions; of table-mates, never their money.
``statistics`` is where the players' numbers and ratings go (issue 35).
"""
