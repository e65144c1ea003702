"""Usher: scorekeeper and referee for show-business board games."""

VERSION = "0.1.0"
