"""Whether a sentence is written in another Latin-script language (French, German, Spanish,
Italian, Portuguese, Dutch): this reader reads English, so such a sentence is never parsed for
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


prefilter_module(globals())  # skip scans of texts that cannot match (dayplan.reading.prefilter)
