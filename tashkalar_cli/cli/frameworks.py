"""Every change this tool makes to Click, Typer or Rich, in one place, each with its reason: none now.

The command line uses the frameworks through their public interfaces only, and this module is
where a change that had no public interface would have to live, as a function saying why
(``tests/test_frameworks.py`` refuses such a change anywhere else, and a function here without
its reason).

The count: 0 functions change a framework's behaviour, no module of theirs is changed, and no
private name of theirs is used. It was 5 functions (``speak``, ``escaped_bash``,
``install_completion_with``, ``completion_script``, ``stdout_pacified``), 1 module changed
(``click.types``: its ``_`` and ``ngettext``) and 3 private names (``typer._completion_classes``,
``typer._completion_shared``, ``click.utils._PacifyFlushWrapper``); and at the review, 8 modules
changed and 4 private names. What replaced them:

- the values Click's parameter types refuse are said in the user's language by types of the
  tool's own (:mod:`tashkalar_cli.cli.values`: they read the value as Click's types do, and raise
  a ``BadParameter`` that holds what it is about, said from its attributes by
  :mod:`tashkalar_cli.cli.usage`), not by a gettext catalog assigned into ``click.types``;
- the completion options are the root's own Click options (``cli/app.py``
  ``_completion_options``: Typer's ``add_completion=False``), whose installer is the tool's
  (:mod:`tashkalar_cli.command.shellrc`), not a callback replaced on Typer's option; the shells are
  subclasses of Click's public ``ShellComplete`` (:mod:`tashkalar_cli.command.shells`), which write
  the scripts and speak the protocol of those Typer wrote (an installed script keeps working), and
  the shell's request is answered by the tool before Click runs the line
  (:func:`tashkalar_cli.command.completion.answer`), not by Typer's private completion modules;
- a reader of the output that went away is told by the tool's own checked standard output
  (:mod:`tashkalar_cli.command.streams`: its guard keeps the ``EPIPE``, whatever Click then does with
  it, and the exit code is 141), not by comparing ``sys.stdout`` with Click's private wrapper;
- the usage errors are said from their exceptions' attributes (:mod:`tashkalar_cli.cli.usage`),
  the help is drawn by the tool's own formatter, which a context subclass gives Click
  (:mod:`tashkalar_cli.cli.helptext`: ``typer.rich_utils`` is not touched), and the shell's
  completions of values come from parameter types that complete (``command/completion.Completing``,
  Click's public ``ParamType.shell_complete``); the shell is detected with ``shellingham``'s
  public ``detect_shell`` (``command/shellrc.current_shell``).

Nothing of Rich is changed or used privately, and the process's environment is not changed for
the frameworks: the consoles take the terminal's size through Rich's public ``width`` and
``height`` (:class:`~tashkalar_cli.render.terminal.PipeConsole`).
"""

from __future__ import annotations

__all__: list[str] = []
