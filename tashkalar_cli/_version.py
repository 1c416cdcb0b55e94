"""The tool's version, in a module of its own: the data cache reads it without importing the
package's public API (which sits above every layer)."""

__version__ = "0.1.0"
