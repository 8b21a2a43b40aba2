"""What the provider executable runs (pyproject.toml's [project.scripts]): pyvider's own CLI,
which serves the provider when OpenTofu starts it, told the provider's name first."""

import os

from pyvider.cli.__main__ import main as pyvider_main


def main() -> None:
    # pyvider looks for the provider's name in this variable, then in pyvider.toml and
    # pyproject.toml of the working directory, which under OpenTofu is the user's configuration,
    # not ours. Without it every start logs a warning and the provider calls itself "pyvider".
    os.environ.setdefault("PYVIDER_PROVIDER_NAME", "pyprov")
    pyvider_main()
