// The shapes of what the server sends the pages, as JSDoc types for the type check (tsc --checkJs,
// .ci/gates.sh): no code, never loaded by a page (imported in type annotations only). The server's
// side: server/views.py, server/table/clients.py (the WebSocket's welcome and update), pages/board.py
// (/api/web/board, the square's card), pages/router.py (meta, trade options), pages/replay.py,
// server/advice.py.

/** @typedef {{type: string, [field: string]: unknown}} Action an act as the engine reads it (engine/actions.py to_json) */

/**
 * One of the seat's legal acts (views.seat_acts).
 * @typedef {object} Act
 * @property {Action & {amount?: number, square?: number}} action
 * @property {string} label
 * @property {boolean} answer the pending decision's answer (else a free act)
 * @property {string} [confirm] the question to ask before an act that cannot be undone
 */

/**
 * @typedef {object} Seat a seat at the table (server/table/seats.py public)
 * @property {number} seat
 * @property {string | null} name
 * @property {"person" | "bot" | "open"} kind
 * @property {string | null} strategy
 * @property {boolean} connected
 * @property {boolean} bankrupt
 * @property {boolean} [standin] a stand-in bot plays the absent person's seat now (server/table/fair.py)
 * @property {number} [away_at] epoch seconds the absent person left
 * @property {number} [standin_at] epoch seconds a stand-in bot plays their seat
 */

/** @typedef {{owner: number, square: number, amount: number, ends_at: number | null}} OpenClaim a rent claim, and when a bot's roll may end it */

/**
 * @typedef {object} GameSummary the table's settings and seats (server/table/base.py summary)
 * @property {string} code
 * @property {string} status "lobby", "playing", "finished"...
 * @property {string} edition
 * @property {string} ruleset
 * @property {Record<string, unknown>} rules the house rules
 * @property {boolean} private
 * @property {number | null} decision_seconds
 * @property {number | null} budget_minutes
 * @property {Seat[]} seats
 * @property {number} version
 * @property {string | null} rematch the code of the next game
 * @property {number | null} winner
 * @property {{until: number} | null} [paused] paused by the host, until (epoch seconds)
 */

/**
 * @typedef {object} PublicState the public position (views.public_state)
 * @property {number[]} cash
 * @property {number[]} position
 * @property {boolean[]} in_jail
 * @property {number[]} jail_turns
 * @property {string[][]} jail_cards the decks of the cards each seat holds
 * @property {boolean[]} bankrupt
 * @property {number[]} net_worth
 * @property {number[]} owner per square: the owning seat, -1 for none
 * @property {number[]} level per square: houses (5: a hotel)
 * @property {boolean[]} mortgaged
 * @property {number} bank_houses
 * @property {number} bank_hotels
 * @property {number} pot
 * @property {Record<string, number>} deck_sizes
 * @property {number} current
 * @property {number} turn
 * @property {number} round
 * @property {number[]} last_roll
 * @property {number} doubles
 * @property {number[][]} claims
 * @property {number | null} winner
 * @property {string | null} end_reason
 * @property {boolean} over
 */

/**
 * @typedef {object} Fact a stake of a decision (describe/mechanics.py decision_help)
 * @property {string} label
 * @property {string} value
 * @property {boolean} warning
 */

/**
 * @typedef {object} DecisionHelp
 * @property {string | null} text the mechanic in a sentence or two
 * @property {Fact[]} facts
 * @property {string[]} notes for the deciding seat
 * @property {string[]} watch_notes for everyone else
 */

/**
 * The pending decision (views.decision_view, engine/decision.py describe): the fields of its kind.
 * @typedef {object} Decision
 * @property {string} kind
 * @property {number} seat
 * @property {string} title
 * @property {string} prompt
 * @property {DecisionHelp} [help]
 * @property {number} [square]
 * @property {number} [deadline_at] epoch seconds on the server's clock
 * @property {number} [high_bid] an auction's
 * @property {number} [high_bidder]
 * @property {number} [min_bid]
 * @property {number[]} [bidders]
 * @property {number} [proposer] a trade's (or a deal's)
 * @property {number[]} [give_properties]
 * @property {number} [give_cash]
 * @property {string[]} [give_cards]
 * @property {number[]} [take_properties]
 * @property {number} [take_cash]
 * @property {string[]} [take_cards]
 * @property {[number, number][]} [properties] a deal's: [square, to]
 * @property {number[]} [givers] a deal's: the giver of each of its properties
 * @property {[number, number, number][]} [cash] a deal's: [from, to, amount]
 * @property {[string, number, number][]} [cards] a deal's: [deck, from, to]
 */

/**
 * @typedef {object} Clocks the time budgets (views.budget_clocks), in seconds
 * @property {number} budget
 * @property {number[]} used
 * @property {number | null} running
 * @property {number} [ends_at]
 */

/** @typedef {{winner: number | null, reason?: string | null, text: string}} Result */
/** @typedef {{event: string, text: string, [field: string]: unknown}} GameEvent */
/** @typedef {{seat?: number, name: string, text: string, at?: number}} ChatLine */

/**
 * The WebSocket's view of the game (server/table/clients.py view_message): a welcome or an update.
 * @typedef {object} View
 * @property {"welcome" | "update"} type
 * @property {number} protocol
 * @property {string} code
 * @property {string} [lang] a welcome's
 * @property {ChatLine[]} [chat] a welcome's
 * @property {number} version
 * @property {GameSummary} game
 * @property {PublicState | null} state
 * @property {Decision | null} decision
 * @property {GameEvent[]} events
 * @property {number} [events_from]
 * @property {Clocks} [clocks]
 * @property {Result} [result]
 * @property {OpenClaim[]} [claims] the open rent claims
 * @property {{seat: number | null, acts?: Act[]}} you
 */

/**
 * The WebSocket's other messages (server/protocol.py SERVER_TYPES).
 * @typedef {{type: "refused", reason: string, id?: number}
 *   | {type: "ack", id?: number}
 *   | {type: "chat" | "said", seat?: number, name: string, text: string, at?: number}
 *   | {type: "pong"}
 *   | {type: "error", code: string, message: string}
 *   | {type: "notice", kind: string, text: string, amount?: number, square?: number}} Notice
 */
/** @typedef {View | Notice} ServerMessage */

/**
 * A square of the board (pages/board.py): boxes are [x, y, width, height] in the picture.
 * @typedef {object} Square
 * @property {number} index
 * @property {string} name
 * @property {string} title
 * @property {string} kind
 * @property {string | null} group
 * @property {string | null} color
 * @property {string | null} price
 * @property {boolean} property
 * @property {number[]} box
 * @property {string} side
 * @property {number[] | null} band
 * @property {number[]} tokens
 * @property {number[] | null} text
 * @property {string | null} mark
 */

/** @typedef {{id: string, name: string, color: string, squares: number[]}} Group */
/** @typedef {{format: string, scale: number}} Currency */

/**
 * An edition's board for a ruleset (GET /api/web/board).
 * @typedef {object} BoardJson
 * @property {string} edition
 * @property {string} name
 * @property {string} language
 * @property {number} size
 * @property {Square[]} squares
 * @property {Group[]} groups
 * @property {Record<string, string>} words
 * @property {Record<string, string>} decks deck id -> name
 * @property {Record<string, string>} mechanics a variant's free act type -> its explanation
 * @property {Currency} currency
 * @property {string} svg
 * @property {{name: string, summary: string[]}} rules
 */

/**
 * A square's card (GET /api/games/CODE/card/N); before the start only the first fields.
 * @typedef {object} Card
 * @property {string} title
 * @property {string} [kind]
 * @property {string} [kind_label]
 * @property {string | null} [color]
 * @property {string | null} [group]
 * @property {{label: string, value: string, current: boolean}[]} rows
 * @property {string | null} [owner]
 * @property {string[]} [group_owners]
 * @property {string[]} notes
 */

/**
 * What a seat may trade now (GET /api/games/CODE/trade): empty before the start.
 * @typedef {object} TradeOptions
 * @property {number} seat
 * @property {{seat: number, give: number[], take: number[]}[]} partners
 * @property {Record<string, {deck: string, name: string}[]>} [cards] per seat (as a string)
 * @property {number[]} [cash]
 */

/**
 * A ruleset as the lobby offers it (GET /api/web/meta).
 * @typedef {object} RulesetInfo
 * @property {string} id
 * @property {string} name
 * @property {string} edition
 * @property {string} board
 * @property {string[]} summary
 * @property {Record<string, unknown>} options
 */

/**
 * @typedef {object} LobbyOption a table option of the create form (pages/router.py lobby_options)
 * @property {string} name
 * @property {"boolean" | "number" | "integer"} type
 * @property {unknown} default
 * @property {number} [above]
 * @property {number} [min]
 * @property {number} [max]
 */

/**
 * @typedef {object} Meta what the lobby offers (GET /api/web/meta)
 * @property {string[]} languages
 * @property {{id: string, name: string}[]} editions
 * @property {RulesetInfo[]} rulesets
 * @property {string[]} strategies
 * @property {LobbyOption[]} lobby_options
 * @property {boolean} testing
 */

/**
 * An open game in the lobby's list (GET /api/games).
 * @typedef {{code: string, ruleset: string, edition: string, seats: Seat[]}} OpenGame
 */

/** @typedef {{index: number, turn: number, round: number, seat: number, worth: number[]}} FrameSummary */

/**
 * A finished game's frames (GET /api/games/CODE/replay).
 * @typedef {object} ReplayIndex
 * @property {string} code
 * @property {GameSummary} game
 * @property {string[]} names
 * @property {FrameSummary[]} frames
 * @property {Result} result
 */

/**
 * One frame of a replay (GET /api/games/CODE/replay/N).
 * @typedef {FrameSummary & {state: PublicState, events: string[], earlier: string[], title: string}} Frame
 */

/** @typedef {{frames: FrameSummary[], now: {turn: number, round: number, worth: number[]} | null}} Worth */

/**
 * @typedef {object} SeatChance a seat's win chance in the advice (server/advice.py)
 * @property {number} seat
 * @property {string} name
 * @property {number} chance
 * @property {[number, number]} ci95
 */

/**
 * @typedef {object} Chances
 * @property {number} games
 * @property {SeatChance[]} seats
 * @property {{games: number}} [unfinished]
 * @property {{mean: number}} [turns_left]
 */

/**
 * @typedef {object} RentChange what a trade changes in a seat's rent and groups
 * @property {string} name
 * @property {{rent_per_opponent_turn: number}} before
 * @property {{rent_per_opponent_turn: number}} after
 * @property {string[]} groups_completed
 * @property {string[]} groups_broken
 */

/**
 * @typedef {object} FairPrice
 * @property {number} seat
 * @property {number | null} [price]
 * @property {number} low
 * @property {number} high
 * @property {string} [outside]
 */

/**
 * @typedef {object} TradeAdvice
 * @property {number} games
 * @property {{seat: number, name: string, without: number, with: number, change: number, ci95: [number, number]}[]} changes
 * @property {RentChange[]} [exact]
 * @property {FairPrice | null} [fair_price]
 */

/**
 * What the expert bot would choose at the decision pending, and the win chance it saw for each act
 * (bots/expert.py's Reason; labels by language).
 * @typedef {object} ExpertAdvice
 * @property {number} seat
 * @property {string} kind
 * @property {number} margin over the advisor's act
 * @property {number} playouts
 * @property {Record<string, string>} chosen_label
 * @property {{win: number, samples: number, label: Record<string, string>}[]} candidates best first
 */

/**
 * The advice (GET /api/games/CODE/advice, analysis/advice.py).
 * @typedef {{kind: "trade", trade: TradeAdvice, version: number, turn: number, expert?: ExpertAdvice | null}
 *   | {kind: "chances", chances: Chances, version: number, turn: number, expert?: ExpertAdvice | null}} Advice
 */

export {};
