"""``landlords loadtest``: many concurrent games of client-side bots against one server process.

The server runs in its own process (started here, or a running one given by URL); the clients run in
one or more other processes, so they never take the server's event loop. Each game has four person
seats, each on its own WebSocket, played by a small bot that picks among the acts the server offers
(``you.acts``) after a thinking pause. The figures: act round-trip latency (send ``act`` -> ``ack``),
acts per second, the server's memory per game and, with a ramp, the number of games at which the
99th percentile passes the target.
"""
