// An amount in the edition's currency, as the server writes it (describe/words.py `money`): the
// edition's format and scale, digits grouped the language's way from five digits up.
/**
 * @param {{currency?: import("./protocol.js").Currency} | null} board the edition's (BoardJson), or none yet
 * @param {number} amount
 * @param {string} lang
 * @returns {string}
 */
export function money(board, amount, lang) {
  const cur = (board && board.currency) || { format: "{amount}", scale: 1 };
  const value = amount * cur.scale;
  const shown = Math.abs(value) >= 10000 ? new Intl.NumberFormat(lang).format(value) : String(value);
  return cur.format.replace("{amount}", shown);
}
