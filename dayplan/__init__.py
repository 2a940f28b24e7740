"""dayplan: a "Plan my Saturday" agent on Google ADK, built to teach "the model chooses, code proves".

Layers (arrows point down only): entry points (``__main__``/``cli``, ``service``, ``ui``,
``evals``) -> ``agent`` -> ``tools`` -> ``core`` -> ``contract``/``config``/``data``.
"""

__version__ = "0.1.0"
