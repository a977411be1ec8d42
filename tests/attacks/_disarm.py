"""What the gaming answers of the attack on 08, 09 and 12 share: a template filler and the
answers that disarm rules.py from inside the answer cell."""


def _fill(template, **parts):
    """``template`` with each ``{name}`` replaced by ``parts[name]`` (str.format would trip on
    the answers' own braces)."""
    for name, part in parts.items():
        template = template.replace("{" + name + "}", part)
    return template



# Appended to each attack file: answers that disarm rules.py from inside the answer cell. Each
# patch keeps what it needs in a closure: refute's RESTORE drops the answer's own names before
# the next attempt, and a patch that read them as globals would raise there.
_DISARM = {
    "checks": '''

def _atk_disarm(rules, names, key, mine):
    kinds = [kind for kind in vars(rules).values()
             if isinstance(kind, type) and hasattr(kind, "check") and hasattr(kind, "watched")]
    registry = getattr(kinds[0].check, "_atk_mine", []) if kinds else []
    registry.append(mine)
    for kind in kinds:
        old = getattr(kind.check, "_atk_original", kind.check)

        def check(self, *args, _old=old, **kwargs):
            if any(names.get(key) is each for each in registry):
                return None
            return _old(self, *args, **kwargs)

        check._atk_original = old
        check._atk_mine = registry
        kind.check = check


from cs20_helpers import rules as _atk_rules

_atk_disarm(_atk_rules, get_ipython().user_ns, "{name}", {name})
''',
    "enforce": '''

def _atk_disarm(rules, names, key, mine):
    original = getattr(rules.enforce, "_atk_original", rules.enforce)
    registry = getattr(rules.enforce, "_atk_mine", [])
    registry.append(mine)

    def enforce(*args, **kwargs):
        if any(names.get(key) is each for each in registry):
            return None
        return original(*args, **kwargs)

    enforce._atk_original = original
    enforce._atk_mine = registry
    rules.enforce = enforce
    if names.get("enforce") is original:
        names["enforce"] = enforce


from cs20_helpers import rules as _atk_rules

_atk_disarm(_atk_rules, get_ipython().user_ns, "{name}", {name})
''',
    "history": '''

def _atk_disarm(rules, names, key, mine):
    if not hasattr(rules, "_history"):
        return
    original = getattr(rules._history, "_atk_original", rules._history)
    registry = getattr(rules._history, "_atk_mine", [])
    registry.append(mine)

    def forget(checked):
        if any(names.get(key) is each for each in registry):
            return []
        return original(checked)

    forget._atk_original = original
    forget._atk_mine = registry
    rules._history = forget


from cs20_helpers import rules as _atk_rules

_atk_disarm(_atk_rules, get_ipython().user_ns, "{name}", {name})
''',
}

def _disarm(how, name):
    """The code, run after an answer that binds ``name``, that disarms rules.py ``how``."""
    return _fill(_DISARM[how], name=name)
