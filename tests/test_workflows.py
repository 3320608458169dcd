"""The GitHub Actions workflows pass actionlint, with ShellCheck on their shell steps.

Both linters come with the test tools (pyproject.toml's ``test`` extra), so a finding fails
here before a workflow ever runs on GitHub, where only a push would show it.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORKFLOWS = ROOT / ".github" / "workflows"
BIN = Path(sys.executable).parent


def _actionlint(*files: Path) -> subprocess.CompletedProcess[str]:
    actionlint, shellcheck = BIN / "actionlint", BIN / "shellcheck"
    assert actionlint.is_file() and shellcheck.is_file(), (
        "actionlint or shellcheck is missing: install the test tools (scripts/bootstrap.sh test)")
    # ShellCheck named explicitly: without it actionlint would skip the shell checks silently.
    return subprocess.run([str(actionlint), "-no-color", "-oneline", f"-shellcheck={shellcheck}",
                           "-pyflakes=", *map(str, files)],
                          cwd=ROOT, capture_output=True, text=True, timeout=120)


def test_every_workflow_passes_actionlint() -> None:
    files = sorted([*WORKFLOWS.glob("*.yml"), *WORKFLOWS.glob("*.yaml")])
    assert files, f"no workflows in {WORKFLOWS}"
    out = _actionlint(*files)
    assert out.returncode == 0 and not out.stdout.strip(), out.stdout + out.stderr


def test_actionlint_reports_a_broken_workflow(tmp_path: Path) -> None:
    # The check above means something only if the linter, as installed, does find mistakes:
    # an unknown job key, an undefined expression context and a shell quoting slip.
    broken = tmp_path / "broken.yml"
    broken.write_text(
        "on: push\n"
        "jobs:\n"
        "  build:\n"
        "    runs-on: ubuntu-latest\n"
        "    step: []\n"
        "    steps:\n"
        "      - run: echo ${{ matrix.nothing }}\n"
        "      - run: cd $HOME/some dir && ls $1\n")
    out = _actionlint(broken)
    assert out.returncode != 0
    assert 'unexpected key "step"' in out.stdout
    assert "shellcheck reported issue" in out.stdout
