"""The terminal game at a server's table (``landlords play --connect``): a thin view of the server.

``session`` finds the game and the seat (a token saved per game in the user's state folder, a seat
taken by name, or none to watch); ``link`` holds the WebSocket in a thread of its own and reconnects;
``question`` reads what the seat may do from the server's view; ``app`` shows it with the local
game's screens and sends every act to the server; ``terminal`` prints what arrives while the person
types.
"""
