"""The hand entry form: typed fields in, one element of the game JSON's ``hands`` out.

A :class:`HandEntry` is the hand's common fields (:class:`HandForm`: kind,
discarder, riichi, dora, and the draw/abort/chonbo fields) plus up to three
winner blocks (:class:`WinForm`, one per ron of a multiple ron). It checks
only what the engine cannot (a winner chosen, the fields a kind needs) and
builds the payload of docs/game-format.md; the engine judges the rest, and
its refusal is put beside the field it names (``console.forms.errors``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from console.forms.errors import ENGINE_REFUSALS, EngineErrorTarget, engine_error_target
from console.forms.melds import melds_format, melds_parse
from engine_door import vocabulary
from ledger.errors import LedgerError
from ledger.models import HandKind
from words import labels
from words.refusal_text import refusal_text

SeatChoices = Sequence[tuple[int, str]]

MAX_WINS = 3
FLAGS: tuple[tuple[str, Any], ...] = (
    ("ippatsu", _("ippatsu")),
    ("rinshan", _("rinshan (won on the kan's replacement tile)")),
    ("chankan", _("chankan (robbing a kan)")),
    ("haitei", _("haitei (tsumo on the last tile)")),
    ("houtei", _("houtei (ron on the last discard)")),
    ("tenhou", _("tenhou")),
    ("chiihou", _("chiihou")),
    ("renhou", _("renhou")),
)
# The spec's optional record fields a ruleset may take (engine.rulesets.describe's record_fields).
RULESET_RECORD_FIELDS = ("nuki", "discards", "specials")
# Flags a ruleset adds to the record (describe's extra_fields; docs/hand-format.md).
EXTRA_FLAGS: dict[str, Any] = {
    "wildcard": _("the winning pocchi is a wildcard"),
    "chankan_ankan": _("robbed a closed kan (kokushi)"),
    "robbed_gari": _("ron on a gari being set aside"),
}
TILES_HELP = _("mpsz: digits then the suit, e.g. 123m406p77z (0 = red five).")


class TilesField(forms.CharField):
    """An mpsz tile string; spaces dropped, letters lower-cased. The engine judges the tiles."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("required", False)
        kwargs.setdefault("max_length", 80)
        attrs = {"autocomplete": "off", "spellcheck": "false", "class": "tiles-input"}
        kwargs.setdefault("widget", forms.TextInput(attrs=attrs))
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> str:
        text = super().to_python(value)
        return "".join(str(text).split()).lower()


def _seat_field(label: Any, **kwargs: Any) -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        label=label, coerce=int, empty_value=None, required=False, **kwargs
    )


def _seats_field(label: Any, **kwargs: Any) -> forms.TypedMultipleChoiceField:
    return forms.TypedMultipleChoiceField(
        label=label,
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple(attrs={"class": "seat-choices"}),
        **kwargs,
    )


def _choices(names: Sequence[str], labelled: Mapping[str, Any]) -> list[tuple[str, Any]]:
    """The engine's names (its vocabulary decides which), each with its label."""
    return [(name, labelled.get(name, name.replace("_", " "))) for name in names]


class HandForm(forms.Form):
    kind = forms.ChoiceField(label=_("kind"), choices=HandKind.choices, initial=HandKind.WIN)
    riichi = _seats_field(_("riichi declared by"))
    # Win.
    discarder = _seat_field(_("discarder (dealt in)"))
    dora_indicators = TilesField(label=_("dora indicators"), help_text=TILES_HELP)
    ura_indicators = TilesField(label=_("ura dora indicators"))
    dealer_passes = forms.BooleanField(
        label=_("the dealer passes (agariyame, tenpaiyame)"), required=False
    )
    # Exhaustive draw.
    tenpai = _seats_field(_("tenpai"))
    nagashi = _seats_field(_("nagashi mangan"))
    riichi_no_draws_left = _seats_field(_("riichi with no draw left"))
    # Abortive draw.
    abort_cause = forms.ChoiceField(
        label=_("abort"),
        required=False,
        choices=[("", "---"), *_choices(vocabulary.ABORT_CAUSES, labels.ABORT_CAUSES)],
    )
    caller = _seat_field(_("called by (kyuushuu kyuuhai)"))
    # Chonbo and dead hands: a manager's.
    offender = _seat_field(_("chonbo by"))
    chonbo_cause = forms.ChoiceField(
        label=_("chonbo for"),
        required=False,
        choices=_choices(vocabulary.FAULT_CAUSES, labels.FAULTS),
        initial="other",
    )
    dead = _seats_field(_("dead hands"))
    dead_cause = forms.ChoiceField(
        label=_("dead hand for"),
        required=False,
        choices=_choices(vocabulary.FAULT_CAUSES, labels.FAULTS),
        initial="other",
    )
    note = forms.CharField(label=_("note"), required=False, max_length=200)

    PENALTY_FIELDS = ("offender", "chonbo_cause", "dead", "dead_cause")

    def __init__(
        self,
        *args: Any,
        seats: SeatChoices,
        may_penalise: bool,
        penalty_causes: Mapping[str, Sequence[str]] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.may_penalise = may_penalise
        # Only the causes the session's ruleset takes for each penalty (the engine's list).
        for name, penalty in (("chonbo_cause", "chonbo"), ("dead_cause", "dead_hand")):
            field = self.fields[name]
            if penalty_causes is not None and isinstance(field, forms.ChoiceField):
                field.choices = _choices(penalty_causes.get(penalty, ()), labels.FAULTS)
                # Django's own message repeats the value sent: an engine name (false_ron).
                field.error_messages["invalid_choice"] = _(
                    "These rules do not take this cause for this penalty: choose another."
                )
        for name, field in self.fields.items():
            if isinstance(field, forms.TypedChoiceField):
                none = _("none: tsumo") if name == "discarder" else "---"
                field.choices = [("", none), *seats]
            elif isinstance(field, forms.TypedMultipleChoiceField):
                field.choices = list(seats)
        if not may_penalise:
            for name in self.PENALTY_FIELDS:
                del self.fields[name]
            kind = self.fields["kind"]
            assert isinstance(kind, forms.ChoiceField)
            kind.choices = [c for c in HandKind.choices if c[0] != HandKind.CHONBO]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        kind = data.get("kind")
        if kind == HandKind.ABORT and not data.get("abort_cause"):
            self.add_error("abort_cause", _("Choose why the hand was aborted."))
        if (
            kind == HandKind.ABORT
            and data.get("abort_cause") == "kyuushuu_kyuuhai"
            and data.get("caller") is None
        ):
            self.add_error("caller", _("Choose who called kyuushuu kyuuhai."))
        if kind == HandKind.CHONBO and data.get("offender") is None:
            self.add_error("offender", _("Choose who committed the chonbo."))
        return data


class WinForm(forms.Form):
    winner = _seat_field(_("winner"))
    hand = TilesField(
        label=_("hand"), help_text=_("The concealed tiles, the winning tile included.")
    )
    win_tile = TilesField(label=_("winning tile"), max_length=4)
    melds = forms.CharField(
        label=_("melds"),
        required=False,
        max_length=120,
        help_text=_("Kind and tiles of each call, e.g. pon 555z, chi 234m, ankan 1111z."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    riichi_kind = forms.ChoiceField(
        label=_("riichi kind"),
        required=False,
        choices=[
            ("", _("as declared")),
            ("double", _("double riichi")),
            ("open", _("open riichi")),
        ],
    )
    pao = _seat_field(_("pao (responsible player)"))
    nuki = TilesField(label=_("nuki / gari"))
    discards = TilesField(label=_("the winner's discards"))
    # Karasu pays for *no* gari anywhere, discards included: an empty field must not mean
    # "none discarded" by itself, so the staff says so (issue 15).
    no_gari_discarded = forms.BooleanField(
        label=_("the winner discarded no gari (karasu)"), required=False
    )
    specials = forms.MultipleChoiceField(
        label=_("special tiles held"),
        required=False,
        choices=_choices(vocabulary.SPECIALS, labels.SPECIALS),
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(
        self,
        *args: Any,
        seats: SeatChoices,
        record_fields: Sequence[str],
        extra_fields: Sequence[str] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.flag_names = [name for name, _text in FLAGS] + list(extra_fields)
        for name, text in FLAGS:
            self.fields[name] = forms.BooleanField(label=text, required=False)
        for name in extra_fields:
            label = EXTRA_FLAGS.get(name, name.replace("_", " "))
            self.fields[name] = forms.BooleanField(label=label, required=False)
        for name in ("winner", "pao"):
            field = self.fields[name]
            assert isinstance(field, forms.TypedChoiceField)
            field.choices = [("", "---"), *seats]
        for name in RULESET_RECORD_FIELDS:
            if name not in record_fields:
                del self.fields[name]
        if "discards" not in record_fields:
            del self.fields["no_gari_discarded"]

    def clean_melds(self) -> list[dict[str, str]]:
        return melds_parse(self.cleaned_data.get("melds") or "")

    @property
    def flag_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.flag_names]

    @property
    def is_in_use(self) -> bool:
        """A winner, hand or winning tile typed (bound) or given (initial): show the block."""
        names = ("winner", "hand", "win_tile")
        if self.is_bound:
            return any(self.data.get(self.add_prefix(name)) for name in names)
        return any(self.initial.get(name) not in (None, "") for name in names)

    @property
    def is_blank(self) -> bool:
        data = self.cleaned_data
        return data.get("winner") is None and not data.get("hand") and not data.get("win_tile")

    def record(self, *, dora: str, ura: str) -> dict[str, Any]:
        """The hand record (spec/hand-record.md) of this win; table fields come from the game."""
        data = self.cleaned_data
        record: dict[str, Any] = {"hand": data["hand"], "win_tile": data["win_tile"]}
        if data["melds"]:
            record["melds"] = data["melds"]
        if dora:
            record["dora_indicators"] = dora
        if ura:
            record["ura_indicators"] = ura
        if data.get("riichi_kind"):
            record["riichi"] = data["riichi_kind"]
        for name in self.flag_names:
            if data.get(name):
                record[name] = True
        for name in RULESET_RECORD_FIELDS:
            if data.get(name):
                record[name] = list(data[name]) if name == "specials" else data[name]
        return record


class HandEntry:
    """The hand form and its winner blocks, bound together; ``payload()`` once valid."""

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        seats: SeatChoices,
        record_fields: Sequence[str] = (),
        extra_fields: Sequence[str] = (),
        may_penalise: bool = False,
        payload: Mapping[str, Any] | None = None,
        default_winner: int | None = None,
        penalty_causes: Mapping[str, Sequence[str]] | None = None,
    ) -> None:
        self.seat_labels = {seat: str(label) for seat, label in seats}
        hand_initial, win_initials = entry_initial(payload) if payload else ({}, [])
        if payload is None and default_winner is not None:
            win_initials = [{"winner": default_winner}]
        self.hand = HandForm(
            data,
            prefix="hand",
            seats=seats,
            may_penalise=may_penalise,
            penalty_causes=penalty_causes,
            initial=hand_initial,
        )
        self.wins = [
            WinForm(
                data,
                prefix=f"win{i}",
                seats=seats,
                record_fields=record_fields,
                extra_fields=extra_fields,
                initial=win_initials[i] if i < len(win_initials) else {},
            )
            # A multiple ron has at most one winner per seat but the discarder's.
            for i in range(min(MAX_WINS, len(seats) - 1))
        ]
        self.non_field_errors: list[str] = []

    @property
    def kind(self) -> str | None:
        if self.hand.is_bound and self.hand.is_valid():
            kind: str = self.hand.cleaned_data["kind"]
            return kind
        return None

    def is_valid(self) -> bool:
        if not self.hand.is_valid():
            return False
        if self.kind != HandKind.WIN:
            return True
        if not all(form.is_valid() for form in self.wins):
            return False
        filled = self._filled_wins()
        if not filled:
            filled = [self.wins[0]]
        for form in filled:
            data = form.cleaned_data
            if data.get("winner") is None:
                form.add_error("winner", _("Choose the winner."))
            if not data.get("hand"):
                form.add_error("hand", _("Enter the winner's concealed tiles."))
            if not data.get("win_tile"):
                form.add_error("win_tile", _("Enter the winning tile."))
            if (
                "discards" in form.fields
                and not data.get("discards")
                and not data.get("no_gari_discarded")
            ):
                form.add_error(
                    "discards",
                    _(
                        "Enter the winner's discards, or tick “the winner discarded no gari”:"
                        " an empty field does not award karasu."
                    ),
                )
        return not any(form.errors for form in filled)

    def _filled_wins(self) -> list[WinForm]:
        return [form for form in self.wins if not form.is_blank]

    def payload(self) -> dict[str, Any]:
        """The game JSON hand (docs/game-format.md); call after ``is_valid()``."""
        data = self.hand.cleaned_data
        kind = data["kind"]
        payload: dict[str, Any] = {"kind": kind}
        if data["riichi"]:
            payload["riichi"] = sorted(data["riichi"])
        if kind == HandKind.WIN:
            payload["wins"] = [self._win(form) for form in self._filled_wins()]
            if data["dealer_passes"]:
                payload["dealer_passes"] = True
        elif kind == HandKind.DRAW:
            payload["tenpai"] = sorted(data["tenpai"])
            for name in ("nagashi", "riichi_no_draws_left"):
                if data[name]:
                    payload[name] = sorted(data[name])
            if data["dealer_passes"]:
                payload["dealer_passes"] = True
        elif kind == HandKind.ABORT:
            payload["cause"] = data["abort_cause"]
            if data["caller"] is not None:
                payload["caller"] = data["caller"]
        elif kind == HandKind.CHONBO:
            payload["offender"] = data["offender"]
            payload["cause"] = data["chonbo_cause"] or "other"
        if data.get("dead"):
            cause = data["dead_cause"] or "other"
            payload["dead"] = [{"seat": seat, "cause": cause} for seat in sorted(data["dead"])]
        if data["note"]:
            payload["note"] = data["note"]
        return payload

    def _win(self, form: WinForm) -> dict[str, Any]:
        hand = self.hand.cleaned_data
        win: dict[str, Any] = {"winner": form.cleaned_data["winner"]}
        if hand["discarder"] is not None:
            win["discarder"] = hand["discarder"]
        win["record"] = form.record(dora=hand["dora_indicators"], ura=hand["ura_indicators"])
        if form.cleaned_data["pao"] is not None:
            win["pao"] = form.cleaned_data["pao"]
        return win

    def engine_error(self, error: LedgerError, *, ordinal: int | None = None) -> None:
        """Show a refusal beside the field it names (the whole hand's errors above the form).

        ``ordinal``: the hand this form corrects (see ``engine_error_target``).
        """
        target = engine_error_target(error, kind=self.kind or "", ordinal=ordinal)
        self._show(target, error)

    def _show(self, target: EngineErrorTarget, error: LedgerError) -> None:
        form: forms.Form = self.hand if target.win is None else self.wins[target.win]
        placed = target.field is not None and target.field in form.fields
        message = target.message
        if error.refusal is not None and error.code in ENGINE_REFUSALS:
            # In the user's language and words (words.refusal_text), not the engine's English.
            message = refusal_text(
                error.refusal,
                engine_code=error.engine_code,
                english=message,
                seats=self.seat_labels,
                field_label=str(form.fields[str(target.field)].label) if placed else "",
                winner=self._winner_of(target.win),
            )
        if placed:
            form.add_error(target.field, message)
        else:
            self.non_field_errors.append(message)

    def _winner_of(self, win: int | None) -> int | None:
        """The seat chosen as winner in block ``win`` (None: no block, or none chosen)."""
        if win is None or not self.wins[win].is_bound or not self.wins[win].is_valid():
            return None
        seat = self.wins[win].cleaned_data.get("winner")
        return seat if isinstance(seat, int) else None

    def field_errors(self) -> dict[str, list[str]]:
        """Errors by the input's name (``win0-hand``), for the live preview to place."""
        return {
            form.add_prefix(name): [str(message) for message in messages]
            for form in [self.hand, *self.wins]
            if form.is_bound
            for name, messages in form.errors.items()
            if name != "__all__"
        }

    @property
    def has_errors(self) -> bool:
        forms_ = [self.hand, *self.wins]
        return bool(self.non_field_errors) or any(f.is_bound and f.errors for f in forms_)


def entry_initial(payload: Mapping[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The forms' initial values that give back ``payload`` (an amended hand starts from it)."""
    kind = payload.get("kind", HandKind.WIN)
    hand: dict[str, Any] = {
        "kind": kind,
        "riichi": list(payload.get("riichi", [])),
        "note": payload.get("note", ""),
        "dealer_passes": bool(payload.get("dealer_passes")),
    }
    for name in ("tenpai", "nagashi", "riichi_no_draws_left"):
        hand[name] = list(payload.get(name, []))
    if kind == HandKind.ABORT:
        hand["abort_cause"] = payload.get("cause", "")
        hand["caller"] = payload.get("caller")
    if kind == HandKind.CHONBO:
        hand["offender"] = payload.get("offender")
        hand["chonbo_cause"] = payload.get("cause", "other")
    dead = payload.get("dead", [])
    if dead:
        hand["dead"] = [fault["seat"] for fault in dead]
        hand["dead_cause"] = dead[0].get("cause", "other")
    wins: list[dict[str, Any]] = []
    for win in payload.get("wins", []):
        record = dict(win.get("record", {}))
        hand["discarder"] = win.get("discarder")
        hand["dora_indicators"] = record.pop("dora_indicators", "")
        hand["ura_indicators"] = record.pop("ura_indicators", "")
        initial: dict[str, Any] = {
            "winner": win.get("winner"),
            "pao": win.get("pao"),
            "hand": record.get("hand", ""),
            "win_tile": record.get("win_tile", ""),
            "melds": melds_format(record.get("melds", [])),
            "riichi_kind": record.get("riichi", "") if record.get("riichi") != "riichi" else "",
        }
        for name in [*(flag for flag, _text in FLAGS), *EXTRA_FLAGS]:
            initial[name] = bool(record.get(name))
        for name in RULESET_RECORD_FIELDS:
            if name in record:
                initial[name] = record[name]
        initial["no_gari_discarded"] = not record.get("discards")  # as it was scored
        wins.append(initial)
    return hand, wins
