"""The web page (`usher web`) in a headless Chromium, and its sync over Web
Serial."""
