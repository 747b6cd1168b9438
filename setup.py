"""The compiled search extension (plugins/strategies/table_search.c); the rest of the
package is described in pyproject.toml. gcc and the Python headers build it at install."""

from setuptools import Extension, setup

setup(
    ext_modules=[
        Extension(
            "crossforge.plugins.strategies._table_search",
            ["plugins/strategies/table_search.c"],
            extra_compile_args=["-O2"],
        )
    ]
)
