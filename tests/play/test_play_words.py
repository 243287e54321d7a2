"""The exact words of sample screens, in a real terminal of 80x24 (pexpect), in every language
(issue 13): payments to and from a woman at the table (cases and gender agreement), the summary
since one's last turn in the past tense, a property card, the default player addressed as "you",
and a variant's decision with its stakes and odds. The dice are scripted and the seeds fixed, so
every run shows the same screens; the sentences below are written out by hand, not taken from the
catalogs, so a wrong case, ending or word fails the test.
"""

from __future__ import annotations

import pytest

pexpect = pytest.importorskip("pexpect")

from support.screen_helpers import PROMPT, Screen  # noqa: E402

SIZE = (24, 80)  # rows, columns: the small screen, where a turn starts with what happened since

# Hot seat, two people: she buys (a card shown first), he lands on her lot and she claims the rent,
# she rolls three doubles into jail, he pays her rent again and buys the utility, she leaves jail
# with a double onto it and he claims; each turn opens with a summary of the other's moves.
HOT_SEAT_DICE = "6,5 1,2 1,2 1,2 1,1 2,2 3,3 1,1 3,4 1,1 1,2"
HOT_SEAT = {
    "ru": (
        "moscow",
        "Аня,Борис",
        [
            "«Нагатинская улица» — «Коричневые» (участок)",
            "Аренда со всей группой 8 тыс. ₽",
            "Аренда: 3 дома 180 тыс. ₽",
            "Стоимость постройки (дом) 50 тыс. ₽",
            "Продаётся: принадлежит банку",
            "Борис должен 4 тыс. ₽ аренды Ане за поле «Нагатинская улица»",
            "Аня: Борис должен вам 4 тыс. ₽ аренды за поле «Нагатинская улица». Потребуйте до следующего броска",
            "Потребовать 4 тыс. ₽ аренды с Бориса за поле «Нагатинская улица»",
            "Борис платит 4 тыс. ₽ Ане (аренда) за поле «Нагатинская улица»",
            "Аня отправляется в тюрьму (три дубля подряд)",
            "· Борис заплатил 4 тыс. ₽ Ане (аренда) за поле «Нагатинская улица»",
            "· Аня купила поле «Рижская железная дорога» за 200 тыс. ₽",
            "· Аня попала в тюрьму (три дубля подряд)",
            "Аня должна 8 тыс. ₽ аренды Борису за поле «Электростанция»",
            "Аня платит 8 тыс. ₽ Борису (аренда) за поле «Электростанция»",
            "· Аня заплатила 8 тыс. ₽ Борису (аренда) за поле «Электростанция»",
        ],
    ),
    "pl": (
        "warsaw",
        "Ania,Bartek",
        [
            "„Ulica Stalowa” — „Brązowe” (ulica)",
            "Czynsz z całą grupą $8",
            "Czynsz: 3 domki $180",
            "Ania: kupujesz pole „Ulica Stalowa” za $60?",
            "Kup pole „Ulica Stalowa” za $60",
            "Bartek jest winien $4 czynszu Ani za pole „Ulica Stalowa”",
            "Ania: Bartek jest ci winien $4 czynszu za pole „Ulica Stalowa”.",
            "Zażądaj $4 czynszu od Bartka za pole „Ulica Stalowa”",
            "Bartek płaci $4 Ani (czynsz) za pole „Ulica Stalowa”",
            "Ania trafia do więzienia (trzy dublety z rzędu)",
            "· Bartek zapłacił $4 Ani (czynsz) za pole „Ulica Stalowa”",
            "· Ania kupiła pole „Dworzec Zachodni” za $200",
            "· Ania trafiła do więzienia (trzy dublety z rzędu)",
            "Ania jest winna $8 czynszu Bartkowi za pole „Elektrownia”",
            "Ania płaci $8 Bartkowi (czynsz) za pole „Elektrownia”",
            "· Ania zapłaciła $8 Bartkowi (czynsz) za pole „Elektrownia”",
        ],
    ),
    "en": (
        "classic-us",
        "Ann,Bob",
        [
            "Baltic Avenue — Brown (street)",
            "Rent with the whole group $8",
            "Rent with 3 houses $180",
            "Each house costs $50",
            "For sale: the bank holds it",
            "Bob owes $4 rent to Ann for Baltic Avenue",
            "Ann: Bob owes you $4 rent for Baltic Avenue. Claim it before the next roll",
            "Claim $4 rent from Bob for Baltic Avenue",
            "Bob pays $4 to Ann (rent) for Baltic Avenue",
            "Ann goes to jail (three doubles)",
            "· Bob paid $4 to Ann (rent) for Baltic Avenue",
            "· Ann bought Reading Railroad for $200",
            "· Ann went to jail (three doubles)",
            "Ann owes $8 rent to Bob for Electric Company",
            "Ann pays $8 to Bob (rent) for Electric Company",
            "· Ann paid $8 to Bob (rent) for Electric Company",
        ],
    ),
}

# The default player (no --players: «Вы», "Ty", "You") against a bot in Odessa: the bot buys a
# malina, the person lands on it, asks for its card, challenges (confirmed) and wins the malina.
ODESSA_DICE = "1,2 6,5 2,3 2,3"
ODESSA = {
    "ru": [
        "· Бот 1 купил поле «Малина у Бени Крика» за 200 руб.",
        "Вы, ваш ход (круг 1).",
        "Вы бросаете кубики: 2 + 3 = 5",
        "Вы переходите на поле «Малина у Бени Крика»",
        "Вы: вы на малине «Малина у Бени Крика», у чужого смотрящего. Заплатить, когда смотрящий "
        "потребует, или оспорить его авторитет?",
        "Смотрящий: Бот 1",
        "Плата, если потребует: 100 руб.",
        "Двойная плата, если спор проигран: 200 руб.",
        "Шанс выиграть спор: 9,3% (5/54)",
        "1 Оспорить авторитет смотрящего",
        "2 Заплатить за посещение (если смотрящий потребует)",
        "«Малина у Бени Крика» — «Малины» (малина)",
        "▸ Плата смотрящему: 1 малина 100 руб.",
        "Плата смотрящему: 2 малины 250 руб.",
        "Оспорить авторитет смотрящего? При проигрыше вы сразу платите 200 руб.",
        "Вы ставите под сомнение авторитет смотрящего Бота 1 на поле «Малина у Бени Крика»: 1 + 2 против 4 — "
        "Вы становитесь новым авторитетом на малине",
    ],
    "pl": [
        "· Bot 1 kupił pole Малина у Бени Крика za 200 руб.",
        "Ty, twój ruch (runda 1).",
        "Ty rzucasz kostkami: 2 + 3 = 5",
        "Ty: jesteś na melinie „Малина у Бени Крика” cudzego smotriaszczego. Zapłacić, gdy zażąda, "
        "czy podważyć jego autorytet?",
        "Opłata, jeśli zażąda: 100 руб.",
        "Podwójna opłata po przegranym sporze: 200 руб.",
        "Szansa wygrania sporu: 9,3% (5/54)",
        "1 Podważ autorytet smotriaszczego",
        "Opłata, smotriaszczij ma: 2 meliny 250 руб.",
        "Ty podważasz autorytet gracza Bota 1 na polu Малина у Бени Крика: 1 + 2 przeciw 4 — "
        "Ty przejmujesz melinę",
    ],
    "en": [
        "· Bot 1 bought Малина у Бени Крика (Benya Krik's malina (den)) for 200 roubles",
        "You, your turn (round 1).",
        "You rolled 2 + 3 = 5",
        "You move to Малина у Бени Крика (Benya Krik's malina (den))",
        "Chance the challenge wins: 9.3% (5/54)",
        "Double fee if the challenge fails: 200 roubles",
        "1 Challenge the smotryashchy",
        "Fee, smotryashchy holding 2 malinas 250 roubles",
        "If you lose you pay 200 roubles at once",
        "You challenge Bot 1's authority at Малина у Бени Крика (Benya Krik's malina (den)): 1 + 2 "
        "against 4, and you are the new authority there",
    ],
}


def flat(text: str) -> str:
    """The screen as one line: the terminal's wrapping and the columns' padding removed."""
    return " ".join(text.split())


def play(args: list[str], tmp_path, answer) -> str:
    """Play ``args`` typing ``answer(screen since the last prompt)`` at each prompt (None: quit)."""
    s = Screen(["play", *args, "--save", str(tmp_path / "g.json"), "--fast"], tmp_path, size=SIZE)
    mark = 0
    for _ in range(60):
        try:
            s.expect(PROMPT)
        except AssertionError:  # the program ended (after q)
            break
        line = answer(s.text[mark : s.pos])
        mark = s.pos
        s.send(line or "q")  # q leaves a sub-question first, then the game
    assert s.finish() == 0
    return flat(s.text)


@pytest.mark.parametrize("lang", sorted(HOT_SEAT))
def test_payments_to_and_from_her_and_a_card(tmp_path, lang):
    edition, names, expected = HOT_SEAT[lang]
    prompts = iter(range(1, 100))

    def answer(screen: str) -> str | None:
        n = next(prompts)
        if n == 2:  # her first buy: the property card first, then the question again
            return "p"
        return "1" if n <= 26 else None  # the first answer every time, until her turn after his claim

    args = ["--lang", lang, "--edition", edition, "--players", names, "--bots", "none", "--seed", "7"]
    text = play([*args, "--dice", HOT_SEAT_DICE], tmp_path, answer)
    missing = [line for line in expected if flat(line) not in text]
    assert not missing, f"{lang}: not on the screen: {missing}\n{text[-4000:]}"


@pytest.mark.parametrize("lang", sorted(ODESSA))
def test_the_default_player_and_a_malina_with_its_stakes(tmp_path, lang):
    answers = iter(["1", "p", "1", "1"])  # roll, the malina's card, challenge, yes; then quit

    def answer(screen: str) -> str | None:
        return next(answers, None)

    args = ["--lang", lang, "--ruleset", "odessa", "--bots", "advisor", "--seed", "7", "--dice", ODESSA_DICE]
    text = play(args, tmp_path, answer)
    missing = [line for line in ODESSA[lang] if flat(line) not in text]
    assert not missing, f"{lang}: not on the screen: {missing}\n{text[-4000:]}"
