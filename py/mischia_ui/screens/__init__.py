"""Screens of the app, one module each, imported when first shown."""
