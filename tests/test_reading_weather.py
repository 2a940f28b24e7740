"""Weather phrases in the request text (dayplan.reading.weather, through the whole reader): each
mention ends as a rain reading with its quote, or is listed unread (and asked when it would
change the plan); the weather's times are never the day's, an appointment's never the weather's."""

from __future__ import annotations

import pytest

from dayplan.contract import PlanRequest
from dayplan.reading import ReadingItem, ReadingRejection, read_request, verify_reading
from dayplan.reading.apply import apply_reading, questions, scoped_weather
from tests.reading_helpers import TODAY, asked, unread


def w(start: str, end: str) -> dict:
    return {"start": start, "end": end}


def readings(text: str) -> list[ReadingItem]:
    accepted, _ = read_request(text, today=TODAY)
    return list(accepted.items)


def rain(text: str) -> list:
    return [i.value for i in readings(text) if i.field == "rain"]


def fields(text: str) -> dict:
    return {i.field: i.value for i in readings(text) if i.field != "rain"}


def served_rain(text: str):
    """The rain the plan uses: the windows the reading applies (None: the forecast decides)."""
    accepted, _ = read_request(text, today=TODAY)
    hints = apply_reading(PlanRequest(text=text), accepted).hints
    if hints.get("rain"):
        return hints["rain"]
    return [] if hints.get("no_rain") else None


# -- the reviewer's requests ---------------------------------------------------------------


def test_showers_clearing_by_11_is_rain_until_11():
    text = "Saturday in Brisbane, showers clearing by 11, 2 adults 2 kids"
    [item] = [i for i in readings(text) if i.field == "rain"]
    assert item.value == w("00:00", "11:00") and item.quote == "showers clearing by 11"
    assert "window_end" not in fields(text) and asked(text) == []


def test_showers_on_and_off_all_day_is_rain_all_day():
    text = "Showers on and off all day in Brisbane this Saturday, 2 adults"
    assert rain(text) == ["all_day"]
    assert served_rain(text) == [w("09:00", "17:00")]


def test_drizzle_in_the_morning_beside_football_keeps_both():
    text = "Saturday, 2 kids, drizzle in the morning, football 8-9am, home by 4"
    assert rain(text) == [w("06:00", "12:00")]
    got = fields(text)
    assert got["blocked"]["start"] == "08:00" and got["blocked"]["end"] == "09:00"
    assert got["window_end"] == "16:00"
    quote = next(i.quote for i in readings(text) if i.field == "rain")
    assert "football" not in quote and "8" not in quote


def test_storms_early_is_rain_early_not_no_rain():
    assert rain("Saturday in Brisbane, storms early, 2 adults") == [w("06:00", "10:00")]
    # and with the time it clears: rain until then
    assert rain("Saturday, storms early, should clear up by 2, 2 adults") == [w("06:00", "14:00")]


def test_wont_rain_but_showers_after_3_is_rain_from_3():
    text = "Saturday, 2 adults, won't rain, but showers after 3"
    assert w("15:00", "23:59") in rain(text)
    assert served_rain(text) == [w("15:00", "23:59")]  # the window wins over the "no rain"
    assert asked(text) == []


def test_rain_until_about_1pm_is_read_not_asked_as_a_deadline():
    text = "Saturday in Brisbane, 2 adults, rain until about 1pm"
    assert rain(text) == [w("00:00", "13:00")]
    assert "window_end" not in fields(text)
    assert asked(text) == [] and not [u for u in unread(text) if u[1] == "time"]


# -- rain words, Australian English included -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("it's bucketing down all day", ["all_day"]),
        ("looks like it'll chuck it down this arvo", [w("12:00", "17:00")]),
        ("thunderstorms late arvo", [w("14:30", "18:00")]),
        ("a wet one on Saturday", ["all_day"]),
        ("Rainy Saturday in Brisbane with the kids", ["all_day"]),
        ("Wet Sunday, 1 adult 2 kids", ["all_day"]),
        ("pouring till noon", [w("00:00", "12:00")]),
        ("it'll be pouring by 2", [w("14:00", "23:59")]),
        ("BOM says 90% chance of storms after lunch", [w("13:00", "23:59")]),
        ("possible thunderstorm from 4ish", [w("16:00", "23:59")]),
        ("it might sprinkle a bit around lunchtime", [w("12:00", "14:00")]),
        ("rain at lunchtime", [w("12:00", "14:00")]),
        ("rain about midday", [w("12:00", "23:59")]),
        ("around noon it should start raining", [w("12:00", "23:59")]),
        ("showers 1ish onwards", [w("13:00", "23:59")]),
        ("raining til 1ish", [w("00:00", "13:00")]),
        ("rain from around 2 till about 4", [w("14:00", "16:00")]),
        ("rain from two to five", [w("14:00", "17:00")]),
        ("showers from ten till two", [w("10:00", "14:00")]),
        ("rain half nine to three", [w("09:30", "15:00")]),
        ("Showers expected 10am - 2pm", [w("10:00", "14:00")]),
        ("showers mid-morning", [w("07:30", "10:30")]),
        ("rain later", [w("12:00", "23:59")]),
        ("storms by the afternoon", [w("12:00", "23:59")]),
        ("thunderstorms in the evening", [w("17:00", "21:00")]),
        ("storms 3pm", [w("15:00", "23:59")]),
        ("won't be dry", ["all_day"]),
        ("showers 10-11 and 2-3", [w("10:00", "11:00"), w("14:00", "15:00")]),
        (
            "Two showers forecast Saturday, 10-11 and 2-3",
            [w("10:00", "11:00"), w("14:00", "15:00")],
        ),
        ("rain on and off from 2", [w("14:00", "23:59")]),
        ("rain starting from 2", [w("14:00", "23:59")]),
    ],
)
def test_rain_phrases(text, want):
    assert rain(text) == want


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Forecast says showers clearing by mid morning", w("00:00", "09:00")),
        ("rain easing by about 10", w("00:00", "10:00")),
        ("wet start, drying out by lunchtime", w("00:00", "12:00")),
        ("wet till about 11 then fine", w("00:00", "11:00")),
        ("rain in the morning but clearing after lunch", w("06:00", "13:00")),
        ("showers in the morning, fining up after 11", w("06:00", "11:00")),
        ("bit of drizzle first thing then fine", w("06:00", "10:00")),
        ("fine after 11", w("00:00", "11:00")),
    ],
)
def test_weather_that_turns_ends_the_rain_then(text, want):
    assert rain(text) == [want]
    assert "window_start" not in fields(text) and "window_end" not in fields(text)


# -- dry, and negation ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "not a drop of rain forecast",
        "clear skies all day",
        "gorgeous day forecast",
        "low chance of showers",
        "it's going to be a stinker, no rain",
        "we're not expecting rain",
        "Saturday looks fine",
        "the weather's meant to be fine",
        "Forecast is dry and sunny all day",
        "rain isn't expected on Saturday",
        "rain should hold off",
    ],
)
def test_dry_all_day_is_no_rain(text):
    assert rain(text) == ["none"]


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ("no rain till the evening", "17:00"),
        ("dry until the arvo", "12:00"),
        ("no rain expected until late arvo", "14:30"),
        ("Sunny till 11, then rain", "11:00"),
        ("Dry until lunch then showers", "12:00"),
    ],
)
def test_dry_up_to_a_time_is_rain_from_then(text, start):
    assert rain(text) == [w(start, "23:59")]


@pytest.mark.parametrize(
    ("text", "span"),
    [
        ("dry morning, storms in the arvo", None),
        ("a dry morning and storms in the arvo", None),
        ("sunny morning, storms later", None),
        ("dry in the morning, showers developing in the afternoon", None),
    ],
)
def test_two_clauses_with_different_weather(text, span):
    got = rain(text)
    assert "none" not in got and len(got) == 1
    assert got[0]["start"] == "12:00"


@pytest.mark.parametrize(
    "text",
    [
        "Saturday, 2 adults, no rain after 2",
        "Saturday, 2 adults, slight chance of a shower around 2",
        "Saturday, 2 adults, dry 10-2",
    ],
)
def test_dry_for_part_of_the_day_leaves_the_rest_to_the_forecast(text):
    assert rain(text) == []
    assert served_rain(text) is None  # the forecast decides
    assert "window_start" not in fields(text) and "window_end" not in fields(text)
    [said] = scoped_weather(text)
    assert "only" in said and "forecast decides" in said


# -- no weather, or a condition ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "rain, hail or shine we're going",
        "we'll get wet at the splash park",
        "that's fine, 2 adults",
        "should it rain, the library is fine",
        "a wet-weather backup would be good",
        "indoors if it rains",
        "my sister's baby shower 2-4",
        "Wet'n'Wild is too far",
        "keep us dry: science and art",
        "the kids need to dry off after the pool",
        "a day on the Sunny Coast",
        "I'll take a rain check on the zoo",
    ],
)
def test_no_weather_or_a_condition_reads_no_rain(text):
    assert rain(text) == []
    assert not [u for u in unread(text) if u[1] == "weather"]


# -- unread, and asked ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Saturday in Brisbane, 2 adults, rain until the footy finishes",
        "Saturday in Brisbane, 2 adults, might rain at some point",
        "Saturday in Brisbane, 2 adults, showers sometime",
    ],
)
def test_rain_placed_nowhere_is_listed_and_asked_naming_the_phrase(text):
    assert rain(text) == []
    [(phrase, kind)] = [u for u in unread(text) if u[1] == "weather"]
    [q] = [q for q in asked(text) if "rain" in q]
    assert f'"{phrase}"' in q and "no time" in q and q.endswith("?") and len(q) <= 120
    # a structured weather field settles it: no question
    accepted, phrases = read_request(text, today=TODAY)
    req = PlanRequest(text=text, weather={"rain": []})
    assert not [q for q in questions(phrases, apply_reading(req, accepted)) if "rain" in q]


def test_cloud_is_listed_unread_but_not_asked():
    text = "overcast Saturday in Brisbane, 2 adults"
    assert ("overcast", "sky") in unread(text)
    assert asked(text) == [] and rain(text) == []


# -- times: the weather's and the day's never mixed -------------------------------------------


@pytest.mark.parametrize(
    ("text", "field", "value", "rain_window"),
    [
        ("rain after 2, home by 5", "window_end", "17:00", w("14:00", "23:59")),
        ("we're out 9-3, showers from 1", "window_start", "09:00", w("13:00", "23:59")),
        ("thunderstorms in the evening, home by 5", "window_end", "17:00", w("17:00", "21:00")),
        ("rain between 11 and 3, 2 kids, home by 4", "window_end", "16:00", w("11:00", "15:00")),
        ("swimming lessons 9-10 then rain from 11", "blocked", None, w("11:00", "23:59")),
        (
            "showers until about 10, not before 10:30 though",
            "window_start",
            "10:30",
            w("00:00", "10:00"),
        ),
    ],
)
def test_the_weathers_times_and_the_days_stay_apart(text, field, value, rain_window):
    got = fields(text)
    assert rain(text) == [rain_window]
    if value is None:
        assert got[field]["start"] == "09:00" and got[field]["end"] == "10:00"
    else:
        assert got[field] == value


# -- verification of a model's rain reading ---------------------------------------------------


def test_a_quote_cut_from_a_longer_weather_phrase_must_say_the_same():
    text = "Saturday in Brisbane, showers clearing by 11, 2 adults"
    got = verify_reading(
        text, {"field": "rain", "value": "all_day", "quote": "showers"}, today=TODAY
    )
    assert isinstance(got, ReadingRejection)
    assert "showers clearing by 11" in got.error and got.found == w("00:00", "11:00")
    ok = verify_reading(
        text,
        {"field": "rain", "value": w("00:00", "11:00"), "quote": "showers clearing by 11"},
        today=TODAY,
    )
    assert isinstance(ok, ReadingItem)


def test_a_model_reading_an_appointment_as_rain_is_rejected():
    text = "Saturday, drizzle in the morning, football 8-9am"
    got = verify_reading(
        text,
        {"field": "rain", "value": w("08:00", "09:00"), "quote": "football 8-9am"},
        today=TODAY,
    )
    assert isinstance(got, ReadingRejection) and "nothing about rain" in got.error


def test_a_model_saying_no_rain_for_rain_after_3_is_rejected():
    text = "Saturday, 2 adults, showers after 3"
    got = verify_reading(
        text, {"field": "rain", "value": "none", "quote": "showers after 3"}, today=TODAY
    )
    assert isinstance(got, ReadingRejection) and got.found == w("15:00", "23:59")


def test_every_proposed_rain_reading_verifies():
    for text in [
        "dry morning, storms in the arvo",
        "won't rain, but showers after 3",
        "wet till about 11 then fine",
        "showers 10-11 and 2-3",
        "Dry until lunch then showers",
        "Saturday, storms early, should clear up by 2, 2 adults",
    ]:
        accepted, _ = read_request(text, today=TODAY)
        from dayplan.reading import propose_readings

        proposed = [p for p in propose_readings(text, today=TODAY) if p.field == "rain"]
        assert proposed and all(
            isinstance(verify_reading(text, p, today=TODAY), ReadingItem) for p in proposed
        ), text


def test_a_model_giving_its_own_start_for_rain_until_a_time_is_told_the_rule():
    text = "Saturday, 2 adults, rain until about 1pm"
    got = verify_reading(
        text,
        {"field": "rain", "value": w("09:00", "13:00"), "quote": "rain until about 1pm"},
        today=TODAY,
    )
    assert isinstance(got, ReadingRejection) and "starts at 00:00" in got.error
    assert got.found == w("00:00", "13:00")


@pytest.mark.parametrize(
    ("text", "quote"),
    [
        ("Sunday, showers expected, 2 adults", "showers expected"),
        ("Saturday, it's meant to bucket down all day", "it's meant to bucket down all day"),
        (
            "Saturday, 2 adults, storms early, should clear up by 2",
            "storms early, should clear up by 2",
        ),
    ],
)
def test_the_quote_is_the_whole_weather_phrase(text, quote):
    [item] = [i for i in readings(text) if i.field == "rain"]
    assert item.quote == quote


# -- rain that stops, clears or finishes at a time is rain UNTIL then (REVIEW2 finding 3) -----


@pytest.mark.parametrize(
    ("phrase", "end"),
    [
        ("the rain's meant to clear around 1", "13:00"),
        ("it should stop raining around 11", "11:00"),
        ("rain stops at 10", "10:00"),
        ("rain easing off by 2", "14:00"),
        ("showers finishing up around noon", "12:00"),
        ("it'll stop raining at noon", "12:00"),
        ("showers easing around 3", "15:00"),
        ("rain should ease after 1", "13:00"),
        ("the rain's over by 10", "10:00"),
        ("showers gone by 11am", "11:00"),
        ("rain clearing around lunch", "12:00"),
        ("storms should die down about 2pm", "14:00"),
        ("showers, stopping around half past one", "13:30"),
        ("the drizzle should stop at 9:30", "09:30"),
        ("rain tailing off from 3", "15:00"),
        ("the rain should clear up about 1", "13:00"),
    ],
)
def test_rain_that_ends_at_a_time_is_rain_until_then(phrase, end):
    text = f"Saturday in New Farm, 2 adults 2 kids, {phrase}, home by 5"
    [item] = [i for i in readings(text) if i.field == "rain"]
    assert item.value == w("00:00", end)
    assert served_rain(text) == [w("00:00", end)]
    assert asked(text) == []


@pytest.mark.parametrize(
    ("phrase", "window"),
    [
        ("should be dry from 11", w("00:00", "11:00")),
        ("fine after 2", w("00:00", "14:00")),
        ("rain stops at 10, dry after that", w("00:00", "10:00")),
        ("raining till 11", w("00:00", "11:00")),
        ("wet until about 2", w("00:00", "14:00")),
        # rain that starts, or passes through, at a time is rain FROM then
        ("storms roll in at 3", w("15:00", "23:59")),
        ("storms passing through at 3", w("15:00", "23:59")),
        ("should start raining around noon", w("12:00", "23:59")),
        ("rain from 2", w("14:00", "23:59")),
        ("showers around 1", w("13:00", "23:59")),
    ],
)
def test_rain_ending_and_starting_keep_their_direction(phrase, window):
    assert rain(f"Saturday, 2 adults, {phrase}, home by 5") == [window]


def test_the_stop_word_is_in_the_quote():
    text = "Saturday, 2 adults, it should stop raining around 11, home by 5"
    [item] = [i for i in readings(text) if i.field == "rain"]
    assert item.quote == "it should stop raining around 11"


def test_a_model_reading_rain_from_the_time_it_stops_is_rejected():
    text = "Saturday, 2 adults, rain stops at 10, home by 5"
    got = verify_reading(
        text,
        {"field": "rain", "value": w("10:00", "23:59"), "quote": "rain stops at 10"},
        today=TODAY,
    )
    assert isinstance(got, ReadingRejection) and got.found == w("00:00", "10:00")


# -- schedule words are no weather (REVIEW2 finding 4) ---------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "Saturday in Brisbane, 2 adults 2 kids, must do Lone Pine, finish up around 4, $300",
        "Saturday in Brisbane, we want to start at 1pm and finish at 11am, 2 adults",
        "Saturday, 2 adults, done by 3",
        "Saturday, 2 adults, we'll stop at the markets at 10, home by 4",
        "Saturday, 2 adults, wrap up around 3",
        "Saturday, 2 adults, lunch should be over by 1",
        "Saturday, 2 adults, we need to pass by the shops at 11, home by 4",
    ],
)
def test_schedule_words_without_weather_are_no_rain(text):
    assert rain(text) == []


def test_finish_up_beside_dry_reads_only_no_rain():
    text = "Saturday in Brisbane, 2 adults 2 kids, must do Lone Pine, finish up around 4, dry, $300"
    assert rain(text) == ["none"]
    assert served_rain(text) == []


@pytest.mark.parametrize(
    ("quote", "value"),
    [
        ("finish up around 4", w("00:00", "16:00")),
        ("at 1pm and finish at 11am", w("00:00", "11:00")),
        ("start at 1pm", w("13:00", "23:59")),
        ("home by 5", "all_day"),
    ],
)
def test_a_model_rain_reading_of_words_with_no_weather_is_rejected(quote, value):
    text = "Saturday in Brisbane, 2 adults, start at 1pm and finish at 11am, finish up around 4, home by 5"
    got = verify_reading(text, {"field": "rain", "value": value, "quote": quote}, today=TODAY)
    assert isinstance(got, ReadingRejection)
    assert "nothing about rain" in got.error and "no weather word" in got.error


def test_a_day_that_ends_before_it_starts_asks_naming_both_phrases():
    text = "Saturday in Brisbane, start at 1pm, home by 11am, 2 adults"
    kinds = dict((k, p) for p, k in unread(text))
    assert kinds["time_conflict"] == "start at 1pm; home by 11am"
    [q] = [q for q in asked(text) if "start at 1pm" in q]
    assert '"home by 11am"' in q and "13:00" in q and "11:00" in q


def test_start_and_finish_backwards_is_asked_not_planned():
    text = "Saturday in Brisbane, we want to start at 1pm and finish at 11am, 2 adults"
    qs = asked(text)
    assert qs and any("11am" in q for q in qs)


@pytest.mark.parametrize(
    "text",
    [
        "Saturday, 2 adults, dry. Showers at 3, home by 5",
        "Saturday, 2 adults, no rain. Storms from 2pm. Home by 5",
        "Saturday, 2 adults. A dry day. Rain all day. Home by 5",
    ],
)
def test_no_rain_beside_a_rain_reading_asks(text):
    kinds = [k for _, k in unread(text)]
    assert "weather_conflict" in kinds
    assert any("says no rain, but" in q for q in asked(text))


@pytest.mark.parametrize(
    "text",
    [
        "Saturday, 2 adults, won't rain, but showers after 3, home by 5",
        "Saturday, 2 adults, rain stops at 10, dry after that, home by 5",
        "Saturday, 2 adults, showers clearing by 11, then fine, home by 5",
        "Saturday, 2 adults, dry day, home by 5",
        "Saturday, 2 adults, dry until lunch then showers, home by 5",
    ],
)
def test_one_consistent_weather_statement_does_not_ask(text):
    assert "weather_conflict" not in [k for _, k in unread(text)]
    assert not any("says no rain" in q for q in asked(text))


def test_a_model_recording_dry_beside_rain_is_asked_in_the_tool():
    from dayplan.reading.propose import conflicts

    items = [
        ReadingItem(field="rain", value="none", quote="dry"),
        ReadingItem(field="rain", value=w("15:00", "23:59"), quote="showers at 3"),
    ]
    [c] = conflicts(items)
    assert c.kind == "weather_conflict" and c.asks and "15:00-23:59" in c.found


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("Saturday in Brisbane, 2 adults, rain from the afternoon", w("12:00", "23:59")),
        ("Saturday in Brisbane, 2 adults, rain from the arvo", w("12:00", "23:59")),
        ("Saturday in Brisbane, 2 adults, rain starting mid-morning", w("09:00", "23:59")),
        ("Saturday in Brisbane, 2 adults, storms from early afternoon", w("12:00", "23:59")),
        ("Saturday in Brisbane, 2 adults, rain from the evening", w("17:00", "23:59")),
        ("Saturday, 2 adults, showers setting in from the arvo, Brisbane", w("12:00", "23:59")),
        # a period range, an end, or a turn after it still bounds the rain
        ("Saturday, 2 adults, rain from the morning until 2pm", w("06:00", "14:00")),
        ("Saturday, 2 adults, showers from the arvo, clearing by 4", w("12:00", "16:00")),
        ("Saturday, 2 adults, rain in the morning", w("06:00", "12:00")),
    ],
)
def test_rain_from_a_part_of_the_day_lasts_from_then_on(text, want):
    """ "rain from mid-morning" starts then and goes on: never only the period's span, which
    would plan an outdoor stop in the rain after it."""
    assert rain(text) == [want], rain(text)
