"""Whether a sentence is written in another Latin-script language (French, German, Spanish,
Italian, Portuguese, Dutch), or a phrase in another script (``is_other_script``: Chinese,
Arabic, Cyrillic...): this reader reads English, so such a sentence is never parsed for
constraints; it is listed unread and asked about (``propose.unread_phrases``, kind ``foreign``).

The test is a count of common function and day-out words of those languages against English
ones (a small tested rule, no model): at least three foreign words and more foreign than English
words. One French venue name in an English sentence ("a day at the Musée ...") stays English.
"""

from __future__ import annotations

from dayplan.reading import deferred_re as re
from dayplan.reading.prefilter import prefilter_module


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


_FOREIGN_WORDS = _words(
    # French
    "nous voulons vouloir aller allons au aux avec des les le et pour une est sommes enfants deux"
    " trois quatre samedi dimanche heures heure avant après apres pas pluie du chez rentrer"
    " retour musée musee parc budget euros moins maison matin midi soir"
    # German
    " wir wollen möchten mochten mit und der das den dem ein eine einen zum zur nach bis uhr"
    " kindern kinder zwei drei vier samstag sonntag nicht regen zurück zuruck ins ist sind"
    " vormittag nachmittag museum"
    # Spanish
    " queremos quiero ir al el los las con y para una dos tres cuatro niños ninos niñas sábado"
    " sabado domingo antes después despues lluvia volver vamos parque presupuesto hijos casa"
    " mañana manana tarde por"
    # Italian
    " vogliamo andare il lo gli per due tre bambini alle ore pioggia pomeriggio"
    # Portuguese
    " com os crianças criancas dois três domingo chuva"
    # Dutch
    " wij willen met het een zaterdag zondag kinderen twee drie regen naar"
)
_ENGLISH_WORDS = _words(
    "the and with we to in on for by at our my kids children is of home back want go going day"
    " saturday sunday morning afternoon rain budget me us two three four some something can"
    " need be are it this that from out plan please"
)
_WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?")


def is_foreign(sentence: str) -> bool:
    """Whether ``sentence`` reads as another Latin-script language by the module's rule."""
    words = [w.lower() for w in _WORD.findall(sentence)]
    foreign = sum(w in _FOREIGN_WORDS and w not in _ENGLISH_WORDS for w in words)
    english = sum(w in _ENGLISH_WORDS for w in words)
    return foreign >= 3 and foreign > english


_OTHER_SCRIPT = re.compile(r"[^\W\d_a-zA-Z\u00c0-\u024f\u1e00-\u1eff]")
OTHER_SCRIPT_LETTERS = 4
"""How many letters of a script other than Latin make a phrase a request in another language
(Chinese "周六两个孩子", Arabic "السبت"); fewer are a name or a word ("at 南岸")."""


def is_other_script(phrase: str) -> bool:
    """Whether ``phrase`` holds at least ``OTHER_SCRIPT_LETTERS`` letters of a script other than
    Latin (Chinese, Japanese, Arabic, Cyrillic, ...): written in another language, which this
    reader does not read, so the run says it reads English only and asks (kind ``foreign``)."""
    return len(_OTHER_SCRIPT.findall(phrase)) >= OTHER_SCRIPT_LETTERS


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
